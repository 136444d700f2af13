import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read the ECharts option loosely.
type Loose = Record<string, any>;

const profit = { expressionType: 'SQL' as const, sqlExpression: 'SUM(x)', label: 'Profit' };

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '9__table',
      viz_type: 'waterfall',
      x_axis: 'genre',
      metric: profit,
      show_value: true,
      y_axis_format: ',d',
    },
    queriesData: [
      {
        colnames: ['genre', 'Profit'],
        coltypes: [1, 0],
        rowcount: 3,
        data: [
          { genre: 'Action', Profit: 100 },
          { genre: 'Drama', Profit: -150 },
          { genre: 'Horror', Profit: 30 },
        ],
      },
    ],
    width: 600,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...overrides,
  };
}

const seriesData = (o: Loose, name: string, index: number) =>
  o.series
    .filter((s: { name: string }) => s.name === name)
    [index].data.map((d: unknown) =>
      typeof d === 'object' && d !== null ? (d as { value: number }).value : d,
    );

describe('waterfall transformProps', () => {
  it('floats each step from the running total and ends with the total, across zero', () => {
    const o = transformProps(props()).option as Loose;
    expect(o.xAxis[0].data).toEqual(['Action', 'Drama', 'Horror', 'Total']);
    // Running totals: 0 -> 100 -> -50 -> -20; total -20.
    expect(seriesData(o, 'assist-pos', 0)).toEqual([0, 0, 0, 0]);
    expect(seriesData(o, 'Increase', 0)).toEqual([100, '-', '-', '-']);
    expect(seriesData(o, 'Decrease', 0)).toEqual(['-', 100, '-', '-']);
    expect(seriesData(o, 'Decrease', 1)).toEqual(['-', -50, '-', '-']);
    expect(seriesData(o, 'assist-neg', 0)).toEqual([0, 0, -20, 0]);
    expect(seriesData(o, 'Increase', 1)).toEqual(['-', '-', -30, '-']);
    expect(seriesData(o, 'Total', 1)).toEqual(['-', '-', '-', -20]);
    expect(o.tooltip.formatter([{ dataIndex: 1 }])).toBe('<b>Drama</b><br/>Decrease: <b>-150</b>');
    expect(o.tooltip.formatter([{ dataIndex: 3 }])).toBe('<b>Total</b><br/>Total: <b>-20</b>');
  });

  it('hides value labels that would overlap on narrow bars', () => {
    const o = transformProps(props()).option as Loose;
    const labelled = o.series.filter((s: { name: string }) => !s.name.startsWith('assist'));
    expect(labelled.length).toBeGreaterThan(0);
    for (const series of labelled) expect(series.labelLayout).toEqual({ hideOverlap: true });
  });

  it('adds a subtotal after each x value when broken down, with custom labels and colours', () => {
    const o = transformProps(
      props({
        formData: {
          datasource: '9__table',
          viz_type: 'waterfall',
          x_axis: 'year',
          groupby: ['source'],
          metric: 'net',
          total_label: 'Sum',
          increase_color: { r: 0, g: 128, b: 0, a: 1 },
        },
        queriesData: [
          {
            colnames: ['year', 'source', 'net'],
            coltypes: [2, 1, 0],
            rowcount: 3,
            data: [
              { year: Date.UTC(2001, 0, 1), source: 'Coal', net: 10 },
              { year: Date.UTC(2001, 0, 1), source: 'Wind', net: 5 },
              { year: Date.UTC(2002, 0, 1), source: 'Coal', net: -3 },
            ],
          },
        ],
      }),
    ).option as Loose;
    expect(o.xAxis[0].data).toEqual(['Coal', 'Wind', '2001', 'Coal', '2002', 'Sum']);
    expect(o.legend.data).toEqual(['Increase', 'Decrease', 'Sum']);
    expect(o.series.find((s: { name: string }) => s.name === 'Increase').itemStyle.color).toBe(
      'rgba(0, 128, 0, 1)',
    );
  });

  it('needs a metric', () => {
    expect(() =>
      transformProps(
        props({ formData: { datasource: '9__table', viz_type: 'waterfall', x_axis: 'genre' } }),
      ),
    ).toThrow('Choose a metric in "Metric" to draw this chart.');
  });
});
