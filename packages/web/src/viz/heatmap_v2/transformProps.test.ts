import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read the ECharts option loosely.
type Loose = Record<string, any>;

const formData = {
  datasource: '8__table',
  viz_type: 'heatmap_v2',
  x_axis: 'year',
  groupby: ['age'],
  metric: {
    expressionType: 'SIMPLE' as const,
    column: { column_name: 'people' },
    aggregate: 'SUM' as const,
    label: 'People',
  },
  normalize_across: 'x',
  show_values: true,
  y_axis_format: ',d',
};

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData,
    queriesData: [
      {
        colnames: ['year', 'age', 'People', 'rank'],
        coltypes: [0, 0, 0, 0],
        rowcount: 4,
        data: [
          { year: 1990, age: 0, People: 100, rank: 0.5 },
          { year: 1990, age: 5, People: 300, rank: 1 },
          { year: 2000, age: 0, People: 200, rank: 0.5 },
          { year: 2000, age: 5, People: 200, rank: 1 },
        ],
      },
    ],
    width: 600,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: { onContextMenu: vi.fn() },
    ...overrides,
  };
}

describe('heatmap_v2 transformProps', () => {
  it('places cells on category axes, shaded by the metric within its bounds', () => {
    const { option, points } = transformProps(props());
    const o = option as Loose;
    expect(o.xAxis.data).toEqual(['1990', '2000']);
    expect(o.yAxis.data).toEqual(['0', '5']);
    expect(o.visualMap).toMatchObject({ min: 100, max: 300, dimension: 2 });
    expect(o.series[0].data[1]).toEqual({ value: [0, 1, 300, 300, 0.75], pointKey: '1' });
    expect(o.series[0].label.show).toBe(true);
    expect(o.series[0].label.formatter({ value: [0, 0, 0, 1234] })).toBe('1,234');
    expect(points['1']?.filters).toEqual([
      { col: 'year', op: '==', val: 1990, formattedVal: '1990' },
      { col: 'age', op: '==', val: 5, formattedVal: '5' },
    ]);
  });

  it('shades by rank when normalized, and honours value bounds otherwise', () => {
    const normalized = transformProps(props({ formData: { ...formData, normalized: true } }));
    expect((normalized.option as Loose).visualMap).toMatchObject({ min: 0, max: 1 });
    const bounded = transformProps(props({ formData: { ...formData, value_bounds: [0, 1000] } }));
    expect((bounded.option as Loose).visualMap).toMatchObject({ min: 0, max: 1000 });
  });

  it('says which column is missing from the results', () => {
    const base = props();
    const stale = { ...base, queriesData: [{ ...base.queriesData[0], colnames: ['year', 'age'] }] };
    expect(() => transformProps(stale)).toThrow('The query results have no column "People"');
    expect(() => transformProps(props({ formData: { ...formData, metric: undefined } }))).toThrow(
      'Choose a metric in "Metric" to draw this chart.',
    );
  });
});
