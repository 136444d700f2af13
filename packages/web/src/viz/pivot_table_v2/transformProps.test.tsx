import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pivotTableExample } from '../../../../shared/src/viz/pivot_table_v2/example.ts';
import type { ChartProps } from '../types.ts';
import { PivotTableChart } from './PivotTableChart.tsx';
import { buildPivot } from './pivot.ts';
import { transformProps } from './transformProps.ts';

const data = [
  { site: 'Crookston', variety: 'Manchuria', year: 1931, sum__yield: 10 },
  { site: 'Crookston', variety: 'Trebi', year: 1931, sum__yield: 20 },
  { site: 'Crookston', variety: 'Trebi', year: 1932, sum__yield: 30 },
  { site: 'Morris', variety: 'Trebi', year: 1932, sum__yield: 40 },
];

function props(formData: Record<string, unknown> = {}, hooks = {}): ChartProps {
  return {
    formData: { datasource: '1__table', ...pivotTableExample.formData, ...formData },
    queriesData: [
      {
        data,
        colnames: ['site', 'variety', 'year', 'sum__yield'],
        coltypes: [1, 1, 0, 0],
        rowcount: data.length,
      },
    ],
    width: 700,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks,
  };
}

describe('pivot table transform', () => {
  it('aggregates cells, subtotals and totals with the chosen function', () => {
    const out = transformProps(props());
    expect(out.rowDims).toEqual(['site', 'variety']);
    expect(out.colDims).toEqual(['year']);
    expect(out.pivot.value(['Crookston', 'Trebi'], [1932], 'sum__yield')).toBe(30);
    expect(out.pivot.value(['Crookston'], [], 'sum__yield')).toBe(60);
    expect(out.pivot.value([], [1932], 'sum__yield')).toBe(70);
    expect(out.pivot.value([], [], 'sum__yield')).toBe(100);
    expect(out.formatValue(1234.56)).toBe('1,234.6');
  });

  it('computes fractions against rows, columns or the total', () => {
    const rows = buildPivot({
      rows: data,
      rowDims: ['site'],
      colDims: ['year'],
      metrics: ['sum__yield'],
      aggregator: 'Sum as Fraction of Rows',
    });
    expect(rows.value(['Crookston'], [1931], 'sum__yield')).toBe(0.5);
    const total = buildPivot({
      rows: data,
      rowDims: ['site'],
      colDims: ['year'],
      metrics: ['sum__yield'],
      aggregator: 'Sum as Fraction of Total',
    });
    expect(total.value(['Morris'], [1932], 'sum__yield')).toBe(0.4);
  });

  it('swaps rows and columns when transposed', () => {
    const out = transformProps(props({ transposePivot: true }));
    expect(out.rowDims).toEqual(['year']);
    expect(out.colDims).toEqual(['site', 'variety']);
  });

  it('says which metric is missing', () => {
    expect(() => transformProps(props({ metrics: ['avg__yield'] }))).toThrow(
      'The metric "avg__yield" is missing from the query results. Run the query again or choose another metric.',
    );
  });
});

describe('pivot table chart', () => {
  it('draws subtotals and totals, and collapses a row group to its subtotal', () => {
    render(<PivotTableChart {...transformProps(props())} />);
    expect(screen.getAllByText('Subtotal').length).toBe(2);
    expect(screen.getAllByText('Total').length).toBe(2);
    expect(screen.getByText('100.0')).toBeTruthy();
    expect(screen.getByText('Manchuria')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Crookston' }));
    expect(screen.queryByText('Manchuria')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand Crookston' })).toBeTruthy();
    expect(screen.getAllByText('60.0').length).toBeGreaterThan(0);
  });

  it('cross-filters by a row header', () => {
    const setDataMask = vi.fn();
    render(<PivotTableChart {...transformProps(props({}, { setDataMask }))} />);
    fireEvent.click(screen.getByText('Morris'));
    expect(setDataMask).toHaveBeenCalledWith({
      extraFormData: { filters: [{ col: 'site', op: 'IN', val: ['Morris'] }] },
      filterState: { value: { site: ['Morris'] }, selectedValues: [['Morris']], label: 'Morris' },
    });
  });

  it('lists metrics as rows when asked', () => {
    render(
      <PivotTableChart
        {...transformProps(props({ metricsLayout: 'ROWS', rowSubTotals: false, rowTotals: false }))}
      />,
    );
    expect(screen.getByText('Metric')).toBeTruthy();
    expect(screen.getAllByText('sum__yield').length).toBe(4);
  });

  it("heads a saved metric with the dataset's verbose name", () => {
    const withVerbose: ChartProps = {
      ...props(),
      datasource: {
        id: 1,
        type: 'table',
        uid: '1__table',
        name: 'barley',
        columns: [],
        metrics: [],
        verbose_map: { sum__yield: 'SUM(yield)' },
      },
    };
    render(<PivotTableChart {...transformProps(withVerbose)} />);
    expect(screen.getByText('SUM(yield)')).toBeTruthy();
    expect(screen.queryByText('sum__yield')).toBeNull();
  });
});
