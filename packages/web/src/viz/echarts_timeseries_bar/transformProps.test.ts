import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

const Y2000 = Date.UTC(2000, 0, 1);
const Y2001 = Date.UTC(2001, 0, 1);

function props(formData: Record<string, unknown> = {}): ChartProps {
  return {
    formData: {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'year',
      metrics: ['sum__net_generation'],
      groupby: ['source'],
      stack: 'Stack',
      show_value: true,
      only_total: true,
      y_axis_format: ',d',
      ...formData,
    },
    queriesData: [
      {
        data: [
          { year: Y2000, Coal: 30, Wind: 10 },
          { year: Y2001, Coal: 20, Wind: 20 },
        ],
        colnames: ['year', 'Coal', 'Wind'],
        coltypes: [2, 0, 0],
        rowcount: 2,
      },
    ],
    width: 600,
    height: 300,
    datasource: null,
    theme: 'light',
    hooks: {},
  };
}

type Bar = {
  name: string;
  type: string;
  stack?: string;
  encode: { x: number; y: number };
  label?: { show: boolean; formatter: (p: { value: [number, number] }) => string };
};

describe('bar chart transform', () => {
  it('stacks bars and labels only the total on the last series', () => {
    const { series } = transformProps(props()).option as { series: Bar[] };
    expect(series.map((s) => [s.name, s.type, s.stack])).toEqual([
      ['Coal', 'bar', 'stack0'],
      ['Wind', 'bar', 'stack0'],
    ]);
    expect(series[0]?.label).toBeUndefined();
    expect(series[1]?.label?.formatter({ value: [Y2000, 10] })).toBe('40');
  });

  it('lays bars horizontally with the time axis on y', () => {
    const out = transformProps(props({ orientation: 'horizontal' }));
    const option = out.option as {
      series: Bar[];
      yAxis: { type: string };
      xAxis: { type: string };
    };
    expect(option.yAxis.type).toBe('time');
    expect(option.xAxis.type).toBe('value');
    expect(option.series[0]?.encode).toEqual({ x: 1, y: 0 });
  });

  it('expands stacks to shares of the total with a percentage axis', () => {
    const option = transformProps(props({ stack: 'Expand', show_value: false })).option as {
      series: Array<{ data: Array<[number, number]> }>;
      yAxis: { axisLabel: { formatter: (v: number) => string } };
    };
    expect(option.series[0]?.data[0]).toEqual([Y2000, 0.75]);
    expect(option.yAxis.axisLabel.formatter(0.5)).toBe('50%');
  });
});
