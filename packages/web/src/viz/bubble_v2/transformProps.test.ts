import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read the ECharts option loosely.
type Loose = Record<string, any>;

const m = (column: string, aggregate: 'MAX' | 'SUM', label: string) => ({
  expressionType: 'SIMPLE' as const,
  column: { column_name: column },
  aggregate,
  label,
});

const formData = {
  datasource: '2__table',
  viz_type: 'bubble_v2',
  entity: 'country',
  series: 'cluster',
  x: m('fertility', 'MAX', 'Fertility'),
  y: m('life_expect', 'MAX', 'Life expectancy'),
  size: m('pop', 'SUM', 'Population'),
  max_bubble_size: 50,
};

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData,
    queriesData: [
      {
        colnames: ['country', 'cluster', 'Fertility', 'Life expectancy', 'Population'],
        coltypes: [1, 0, 0, 0, 0],
        rowcount: 3,
        data: [
          {
            country: 'China',
            cluster: 4,
            Fertility: 1.7,
            'Life expectancy': 72.9,
            Population: 1303182268,
          },
          {
            country: 'India',
            cluster: 0,
            Fertility: 2.8,
            'Life expectancy': 64.7,
            Population: 1080264388,
          },
          {
            country: 'Japan',
            cluster: 4,
            Fertility: 1.3,
            'Life expectancy': 82.6,
            Population: 127417244,
          },
        ],
      },
    ],
    width: 600,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: { setDataMask: vi.fn() },
    ...overrides,
  };
}

describe('bubble_v2 transformProps', () => {
  it('groups entities into series by the dimension, sized by area', () => {
    const result = transformProps(props());
    const o = result.option as Loose;
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(['0', '4']);
    const china = o.series[1].data[0];
    expect(china).toMatchObject({ name: 'China', value: [1.7, 72.9, 1303182268, '4'] });
    expect(china.symbolSize).toBe(50);
    expect(o.series[1].data[1].symbolSize).toBeCloseTo(50 * Math.sqrt(127417244 / 1303182268));
    expect(o.xAxis.type).toBe('value');
    expect(result.crossFilter).toBe(true);
    expect(result.points.Japan?.filters).toEqual([
      { col: 'country', op: '==', val: 'Japan', formattedVal: 'Japan' },
    ]);
  });

  it('uses log axes and drops points a log axis cannot place', () => {
    const base = props();
    const rows = [
      ...(base.queriesData[0]?.data ?? []),
      { country: 'Nowhere', cluster: 1, Fertility: 0, 'Life expectancy': 50, Population: 1 },
    ];
    const o = transformProps({
      ...base,
      formData: { ...formData, logXAxis: true },
      queriesData: [{ ...base.queriesData[0], data: rows }],
    }).option as Loose;
    expect(o.xAxis.type).toBe('log');
    expect(
      o.series.flatMap((s: { data: Array<{ name: string }> }) => s.data.map((d) => d.name)),
    ).not.toContain('Nowhere');
  });

  it('asks for the entity when it is missing', () => {
    expect(() => transformProps(props({ formData: { ...formData, entity: undefined } }))).toThrow(
      'Choose a column in "Entity" to draw this chart.',
    );
  });
});
