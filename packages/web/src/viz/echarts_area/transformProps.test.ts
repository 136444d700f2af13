import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

const props = (formData: Record<string, unknown>): ChartProps => ({
  formData: {
    datasource: '1__table',
    viz_type: 'echarts_area',
    x_axis: 'date',
    metrics: ['sum__count'],
    groupby: [],
    ...formData,
  },
  queriesData: [
    {
      data: [
        { date: 0, sum__count: 1 },
        { date: 86_400_000, sum__count: 2 },
      ],
      colnames: ['date', 'sum__count'],
      coltypes: [2, 0],
      rowcount: 2,
    },
  ],
  width: 400,
  height: 300,
  datasource: null,
  theme: 'dark',
  hooks: {},
});

describe('area chart transform', () => {
  it('fills the area under every series with the chosen opacity', () => {
    const { series } = transformProps(props({ opacity: 0.5, stack: 'Stack' })).option as {
      series: Array<{ type: string; areaStyle?: { opacity: number }; stack?: string }>;
    };
    expect(series[0]).toMatchObject({ type: 'line', areaStyle: { opacity: 0.5 }, stack: 'stack0' });
  });

  it('draws steps or smooth curves when the series style asks', () => {
    const step = transformProps(props({ seriesType: 'end' })).option as {
      series: Array<{ step?: string }>;
    };
    expect(step.series[0]?.step).toBe('end');
    const bar = transformProps(props({ seriesType: 'bar' })).option as {
      series: Array<{ type: string }>;
    };
    expect(bar.series[0]?.type).toBe('line');
  });

  it('fails with the missing x-axis named', () => {
    expect(() =>
      transformProps({
        ...props({}),
        queriesData: [{ data: [{ ds: 0, sum__count: 1 }], colnames: ['ds', 'sum__count'] }],
      }),
    ).toThrow('The x-axis column "date" is missing from the query results');
  });
});
