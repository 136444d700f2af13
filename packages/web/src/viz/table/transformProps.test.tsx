import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tableExample } from '../../../../shared/src/viz/table/example.ts';
import type { ChartProps } from '../types.ts';
import { TableChart } from './TableChart.tsx';
import { transformProps } from './transformProps.ts';

const genres = [
  { major_genre: 'Action', sum__worldwide_gross: 4.1e10, avg__imdb_rating: 6.2, count: 420 },
  { major_genre: 'Drama', sum__worldwide_gross: 2.5e10, avg__imdb_rating: 6.8, count: 789 },
  { major_genre: 'Horror', sum__worldwide_gross: 5e9, avg__imdb_rating: 5.6, count: 219 },
];

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: { datasource: '1__table', ...tableExample.formData },
    queriesData: [
      {
        data: genres,
        colnames: ['major_genre', 'sum__worldwide_gross', 'avg__imdb_rating', 'count'],
        coltypes: [1, 0, 0, 0],
        rowcount: 3,
      },
      {
        data: [{ sum__worldwide_gross: 7.1e10, avg__imdb_rating: 6.3, count: 1428 }],
        colnames: ['sum__worldwide_gross', 'avg__imdb_rating', 'count'],
        coltypes: [0, 0, 0],
        rowcount: 1,
      },
    ],
    width: 700,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...overrides,
  };
}

/** A raw-records table of `name` and `value` columns over these rows. */
function rawTable(rows: Array<Record<string, unknown>>, formData: Record<string, unknown> = {}) {
  return transformProps(
    props({
      formData: {
        datasource: '1__table',
        viz_type: 'table',
        query_mode: 'raw',
        all_columns: ['name', 'value'],
        ...formData,
      },
      queriesData: [
        { data: rows, colnames: ['name', 'value'], coltypes: [1, 0], rowcount: rows.length },
      ],
    }),
  );
}

describe('table transform', () => {
  it('orders dimensions then metrics, with the column formats and the summary row', () => {
    const out = transformProps(props());
    expect(out.columns.map((c) => [c.key, c.kind, c.align])).toEqual([
      ['major_genre', 'dimension', 'left'],
      ['sum__worldwide_gross', 'metric', 'right'],
      ['avg__imdb_rating', 'metric', 'right'],
      ['count', 'metric', 'right'],
    ]);
    expect(out.columns[1]?.format(4.1e10)).toBe('$41.0G');
    expect(out.columns[2]?.format(6.8)).toBe('6.80');
    expect(out.columns[0]?.format(null)).toBe('N/A');
    expect(out.totals).toEqual({
      sum__worldwide_gross: 7.1e10,
      avg__imdb_rating: 6.3,
      count: 1428,
    });
    expect(out.filterColumns).toEqual(['major_genre']);
  });

  it('colours cells by the conditional formatting rules', () => {
    const out = transformProps(props());
    expect(out.cellColor('avg__imdb_rating', 6.8)).toMatch(/^rgba\(90, 193, 137/);
    expect(out.cellColor('avg__imdb_rating', 5.6)).toMatch(/^rgba\(255, 127, 68/);
    expect(out.cellColor('avg__imdb_rating', 6.2)).toBeUndefined();
  });

  it('reads the row count of a server-paginated table from its second query', () => {
    const out = transformProps(
      props({
        formData: { ...props().formData, server_pagination: true, show_totals: false },
        ownState: { currentPage: 1, pageSize: 20 },
        queriesData: [props().queriesData[0] ?? {}, { data: [{ rowcount: 5321 }], rowcount: 1 }],
      }),
    );
    expect(out.rowCount).toBe(5321);
    expect(out.currentPage).toBe(1);
    expect(out.serverPageSize).toBe(20);
  });

  it("lets a column's own settings (column_config) win over the chart-wide ones", () => {
    const base = props();
    const out = transformProps({
      ...base,
      formData: {
        ...base.formData,
        align_pn: false,
        color_pn: true,
        currency_format: { symbol: 'USD', symbolPosition: 'prefix' },
        column_config: {
          avg__imdb_rating: {
            alignPositiveNegative: true,
            colorPositiveNegative: false,
            currencyFormat: { symbol: 'EUR', symbolPosition: 'suffix' },
            horizontalAlign: 'center',
            columnWidth: 120,
          },
        },
      },
    });
    const [, gross, rating, count] = out.columns;
    expect([gross?.alignPositiveNegative, gross?.colorPositiveNegative]).toEqual([false, true]);
    expect([rating?.alignPositiveNegative, rating?.colorPositiveNegative]).toEqual([true, false]);
    expect([count?.alignPositiveNegative, count?.colorPositiveNegative]).toEqual([false, true]);
    expect(gross?.format(4.1e10)).toMatch(/^\$/);
    expect(rating?.format(6.8)).toMatch(/€$/);
    expect([rating?.align, rating?.width]).toEqual(['center', 120]);
  });

  it('says which metric is missing', () => {
    expect(() =>
      transformProps(
        props({ queriesData: [{ data: [{ major_genre: 'Action' }], colnames: ['major_genre'] }] }),
      ),
    ).toThrow(
      'The metric "sum__worldwide_gross" is missing from the query results. Run the query again or choose another metric.',
    );
  });
});

describe('table chart', () => {
  it('draws a window of 10,000 rows, sorts by a header and searches', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: `row ${i}`, value: i }));
    render(<TableChart {...rawTable(rows, { include_search: true })} />);
    const drawn = screen.getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    fireEvent.click(screen.getByRole('columnheader', { name: /value/ }));
    fireEvent.click(screen.getByRole('columnheader', { name: /value/ }));
    expect(screen.getByRole('columnheader', { name: /value/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByText('row 9999')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'row 42' } });
    expect(screen.getByText('row 4299')).toBeTruthy();
    expect(screen.queryByText('row 9999')).toBeNull();
  });

  it('puts N/A last when sorted descending as well as ascending', () => {
    const rows = [
      { name: 'low', value: 1 },
      { name: 'none', value: null },
      { name: 'high', value: 9 },
    ];
    render(<TableChart {...rawTable(rows)} />);
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    const header = screen.getByRole('columnheader', { name: /value/ });
    fireEvent.click(header);
    expect(names()).toEqual(['low', 'high', 'none']);
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['high', 'low', 'none']);
  });

  it('cross-filters by a dimension cell, clears on a second click, and drills on right-click', () => {
    const setDataMask = vi.fn();
    const onContextMenu = vi.fn();
    const out = transformProps(props({ hooks: { setDataMask, onContextMenu } }));
    const { rerender } = render(<TableChart {...out} />);
    fireEvent.click(screen.getByText('Drama'));
    expect(setDataMask).toHaveBeenCalledWith({
      extraFormData: { filters: [{ col: 'major_genre', op: 'IN', val: ['Drama'] }] },
      filterState: { value: { major_genre: ['Drama'] }, selectedValues: ['Drama'], label: 'Drama' },
    });
    const selected = transformProps(
      props({
        hooks: { setDataMask, onContextMenu },
        filterState: { value: { major_genre: ['Drama'] } },
      }),
    );
    rerender(<TableChart {...selected} />);
    fireEvent.click(screen.getByText('Drama'));
    expect(setDataMask).toHaveBeenLastCalledWith({
      extraFormData: {},
      filterState: { value: null, selectedValues: null },
    });
    fireEvent.contextMenu(screen.getByText('Horror'));
    expect(onContextMenu).toHaveBeenCalledWith(expect.any(Number), expect.any(Number), [
      { col: 'major_genre', op: '==', val: 'Horror', formattedVal: 'Horror' },
    ]);
    expect(within(screen.getByTestId('table-totals')).getByText('Summary')).toBeTruthy();
  });

  it('asks the host for another page when paginated on the server', () => {
    const onChangeOwnState = vi.fn();
    const out = transformProps(
      props({
        formData: { ...props().formData, server_pagination: true, show_totals: false },
        hooks: { onChangeOwnState },
        queriesData: [props().queriesData[0] ?? {}, { data: [{ rowcount: 95 }], rowcount: 1 }],
      }),
    );
    render(<TableChart {...out} />);
    fireEvent.click(screen.getByTitle('2'));
    expect(onChangeOwnState).toHaveBeenCalledWith({ currentPage: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('columnheader', { name: /count/ }));
    expect(onChangeOwnState).toHaveBeenLastCalledWith({
      sortBy: [{ key: 'count', desc: false }],
      currentPage: 0,
    });
  });
});
