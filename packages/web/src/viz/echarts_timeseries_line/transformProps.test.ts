import type { QueryFormData } from '@tessera/shared/viz/types';
import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

const JAN = Date.UTC(2024, 0, 1);
const FEB = Date.UTC(2024, 1, 1);
const MAR = Date.UTC(2024, 2, 1);

const formData: QueryFormData = {
  datasource: '1__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: ['avg__price'],
  groupby: ['symbol'],
  y_axis_format: ',.1f',
  x_axis_time_format: '%Y-%m-%d',
  annotation_layers: [
    { name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '150', show: true },
    { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true },
  ],
};

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData,
    queriesData: [
      {
        data: [
          { date: JAN, AAPL: 100.5, MSFT: 50 },
          { date: FEB, AAPL: 120, MSFT: null },
          { date: MAR, AAPL: 130.25, MSFT: 70 },
        ],
        colnames: ['date', 'AAPL', 'MSFT'],
        coltypes: [2, 0, 0],
        rowcount: 3,
        label_map: { date: ['date'], AAPL: ['AAPL'], MSFT: ['MSFT'] },
        annotation_data: {
          Releases: {
            columns: ['start_dttm', 'end_dttm', 'short_descr'],
            records: [{ start_dttm: FEB, end_dttm: FEB, short_descr: 'v2' }],
          },
        },
      },
    ],
    width: 800,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...overrides,
  };
}

interface Series {
  name: string;
  type: string;
  data: unknown[];
  itemStyle?: { color?: string; opacity?: number };
  markLine?: { data: Array<{ xAxis: number; name: string }> };
}

describe('line chart transform', () => {
  it('draws one line per series on a time axis, sorted by total, with formatted values', () => {
    const out = transformProps(props());
    const option = out.option as {
      series: Series[];
      xAxis: { type: string; axisLabel: { formatter: (v: number) => string } };
      yAxis: { axisLabel: { formatter: (v: number) => string } };
      legend: { data: string[] };
      tooltip: { formatter: (p: unknown) => string };
    };
    const lines = option.series.filter((s) => !s.name.startsWith('Goal') && s.name !== 'Releases');
    expect(lines.map((s) => s.name)).toEqual(['AAPL', 'MSFT']);
    expect(lines[0]?.type).toBe('line');
    expect(lines[1]?.data).toEqual([
      [JAN, 50],
      [FEB, null],
      [MAR, 70],
    ]);
    expect(option.xAxis.type).toBe('time');
    expect(option.xAxis.axisLabel.formatter(FEB)).toBe('2024-02-01');
    expect(option.yAxis.axisLabel.formatter(1234.56)).toBe('1,234.6');
    expect(option.legend.data).toEqual(['AAPL', 'MSFT', 'Goal', 'Releases']);
    const tip = option.tooltip.formatter([
      { seriesName: 'AAPL', seriesIndex: 0, marker: '', value: [FEB, 120] },
      { seriesName: '<b>MSFT</b>', seriesIndex: 1, marker: '', value: [FEB, 3] },
    ]);
    expect(tip).toContain('AAPL: <b>120.0</b>');
    expect(tip).toContain('&lt;b&gt;MSFT&lt;/b&gt;');
    expect(out.seriesMeta.AAPL).toEqual({
      name: 'AAPL',
      queryIndex: 0,
      groupby: ['symbol'],
      groupValues: ['AAPL'],
    });
  });

  it('dates a tooltip in full by its time grain where the axis uses the smart format', () => {
    const smart = { ...formData, x_axis_time_format: 'smart_date', annotation_layers: [] };
    const option = transformProps(props({ formData: smart })).option as {
      xAxis: { axisLabel: { formatter: (v: number) => string } };
      tooltip: { formatter: (p: unknown) => string };
    };
    expect(option.xAxis.axisLabel.formatter(FEB)).toBe('February');
    const tip = option.tooltip.formatter([
      { seriesName: 'AAPL', seriesIndex: 0, marker: '', value: [FEB, 120] },
    ]);
    expect(tip).toContain('Feb 2024');
  });

  it('draws formula layers as lines and native events as vertical marks', () => {
    const option = transformProps(props()).option as { series: Series[] };
    const goal = option.series.find((s) => s.name === 'Goal');
    expect(goal?.data).toEqual([
      [JAN, 150],
      [FEB, 150],
      [MAR, 150],
    ]);
    const releases = option.series.find((s) => s.name === 'Releases');
    expect(releases?.markLine?.data).toEqual([{ name: 'v2', xAxis: FEB }]);
  });

  it('gives a label the same colour across charts of one namespace', () => {
    const a = transformProps(props({ colorNamespace: 'dash-1', sliceId: 1 })).option as {
      series: Series[];
    };
    const b = transformProps(
      props({
        colorNamespace: 'dash-1',
        sliceId: 2,
        queriesData: [
          {
            data: [{ date: JAN, MSFT: 1 }],
            colnames: ['date', 'MSFT'],
            coltypes: [2, 0],
            rowcount: 1,
          },
        ],
      }),
    ).option as { series: Series[] };
    const msftA = a.series.find((s) => s.name === 'MSFT')?.itemStyle?.color;
    expect(b.series.find((s) => s.name === 'MSFT')?.itemStyle?.color).toBe(msftA);
  });

  it('dims series that are not the current cross-filter', () => {
    const option = transformProps(
      props({ filterState: { value: [['AAPL']], selectedValues: ['AAPL'] } }),
    ).option as { series: Series[] };
    expect(option.series.find((s) => s.name === 'AAPL')?.itemStyle?.opacity).toBe(1);
    expect(option.series.find((s) => s.name === 'MSFT')?.itemStyle?.opacity).toBe(0.3);
  });

  it('says which metric is missing from the results', () => {
    expect(() =>
      transformProps(
        props({
          formData: { ...formData, groupby: [], annotation_layers: [] },
          queriesData: [
            { data: [{ date: JAN, count: 1 }], colnames: ['date', 'count'], coltypes: [2, 0] },
          ],
        }),
      ),
    ).toThrow(
      'The metric "avg__price" is missing from the query results. Run the query again or choose another metric.',
    );
    expect(() => transformProps(props({ formData: { ...formData, metrics: [] } }))).toThrow(
      'This chart needs at least one metric: choose one in the "Metrics" control.',
    );
  });

  it('keeps a malformed formula from running and says why', () => {
    expect(() =>
      transformProps(
        props({
          formData: {
            ...formData,
            annotation_layers: [{ name: 'Bad', annotationType: 'FORMULA', value: 'fetch(1)' }],
          },
        }),
      ),
    ).toThrow('Invalid formula "fetch(1)"');
  });

  it('passes hooks through so the component can cross-filter', () => {
    const setDataMask = vi.fn();
    const out = transformProps(props({ hooks: { setDataMask } }));
    expect(out.hooks.setDataMask).toBe(setDataMask);
    expect(out.xLabel).toBe('date');
    expect(out.grain).toBe('P1M');
  });
});
