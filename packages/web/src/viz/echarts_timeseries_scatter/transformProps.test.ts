import { describe, expect, it } from 'vitest';
import { transformProps } from './transformProps.ts';

describe('scatter plot transform', () => {
  it('draws points of the marker size, even when the form data asks for lines', () => {
    const out = transformProps({
      formData: {
        datasource: '1__table',
        viz_type: 'echarts_timeseries_scatter',
        x_axis: 'date',
        metrics: ['avg__temp_max'],
        groupby: ['location'],
        markerSize: 9,
        seriesType: 'line',
      },
      queriesData: [
        {
          data: [{ date: 0, Seattle: 10, 'New York': 12 }],
          colnames: ['date', 'Seattle', 'New York'],
          coltypes: [2, 0, 0],
          rowcount: 1,
        },
      ],
      width: 400,
      height: 300,
      datasource: null,
      theme: 'light',
      hooks: {},
    });
    const { series } = out.option as {
      series: Array<{ type: string; symbolSize: number; name: string }>;
    };
    expect(series.map((s) => [s.name, s.type, s.symbolSize])).toEqual([
      ['New York', 'scatter', 9],
      ['Seattle', 'scatter', 9],
    ]);
  });
});
