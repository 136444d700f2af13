import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read the ECharts option loosely.
type Loose = Record<string, any>;

const metric = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'temp_max' },
  aggregate: 'MAX' as const,
  label: 'High',
};
const stats = (
  min: number,
  q1: number,
  median: number,
  q3: number,
  max: number,
  outliers: number[],
) => ({
  High__min: min,
  High__q1: q1,
  High__median: median,
  High__q3: q3,
  High__max: max,
  High__mean: median,
  High__count: 100,
  High__outliers: outliers,
});

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '3__table',
      viz_type: 'box_plot',
      columns: ['date'],
      groupby: ['weather'],
      metrics: [metric],
    },
    queriesData: [
      {
        colnames: [
          'weather',
          'High__mean',
          'High__median',
          'High__max',
          'High__min',
          'High__q1',
          'High__q3',
          'High__count',
          'High__outliers',
        ],
        coltypes: [1, 0, 0, 0, 0, 0, 0, 0, 0],
        rowcount: 2,
        data: [
          { weather: 'rain', ...stats(2, 8, 12, 16, 25, [30.6]) },
          { weather: 'sun', ...stats(5, 14, 20, 26, 35, []) },
        ],
      },
    ],
    width: 600,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: { setDataMask: vi.fn() },
    filterState: { value: ['sun'], selectedValues: ['sun'] },
    ...overrides,
  };
}

describe('box_plot transformProps', () => {
  it('draws one box per dimension value with its outliers and cross-filter points', () => {
    const result = transformProps(props());
    const o = result.option as Loose;
    expect(o.xAxis.data).toEqual(['rain', 'sun']);
    expect(o.series[0].type).toBe('boxplot');
    expect(o.series[0].data[0].value.slice(0, 5)).toEqual([2, 8, 12, 16, 25]);
    expect(o.series[1].data).toEqual([
      expect.objectContaining({ name: 'rain', value: ['rain', 30.6] }),
    ]);
    // The box not in the current cross-filter is faded.
    expect(o.series[0].data[0].itemStyle.opacity).toBe(0.3);
    expect(o.series[0].data[1].itemStyle.opacity).toBe(1);
    expect(result.crossFilter).toBe(true);
    expect(result.points.rain?.filters).toEqual([
      { col: 'weather', op: '==', val: 'rain', formattedVal: 'rain' },
    ]);
    // ECharts puts the category index in front of the box's value when it calls the formatter.
    const box = o.series[0].data[1];
    const tooltip = o.tooltip.formatter({
      seriesType: 'boxplot',
      data: { ...box, value: [1, ...box.value] },
    });
    expect(tooltip).toContain('Median: <b>20</b>');
  });

  it('needs a metric and the boxplot columns in the answer', () => {
    expect(() =>
      transformProps(
        props({ formData: { datasource: '3__table', viz_type: 'box_plot', metrics: [] } }),
      ),
    ).toThrow('Choose at least one metric in "Metrics" to draw this chart.');
    const base = props();
    expect(() =>
      transformProps({ ...base, queriesData: [{ ...base.queriesData[0], colnames: ['weather'] }] }),
    ).toThrow('The query results have no column "High__median"');
  });
});
