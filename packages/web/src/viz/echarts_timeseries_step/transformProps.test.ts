import { describe, expect, it } from 'vitest';
import { timeseriesStepExample } from '../../../../shared/src/viz/echarts_timeseries_step/example.ts';
import { transformProps } from './transformProps.ts';

describe('stepped line transform', () => {
  it('draws its saved example as a stepped area line on a time axis', () => {
    const out = transformProps({
      formData: { datasource: '1__table', ...timeseriesStepExample.formData },
      queriesData: [
        {
          data: [
            { date: Date.UTC(2000, 0, 1), avg__price: 1394.46 },
            { date: Date.UTC(2000, 1, 1), avg__price: 1366.42 },
          ],
          colnames: ['date', 'avg__price'],
          coltypes: [2, 0],
          rowcount: 2,
        },
      ],
      width: 400,
      height: 300,
      datasource: null,
      theme: 'light',
      hooks: {},
    });
    const option = out.option as {
      series: Array<{ step: string; areaStyle?: unknown }>;
      dataZoom?: unknown[];
      legend: { show: boolean };
    };
    expect(option.series[0]?.step).toBe('start');
    expect(option.series[0]?.areaStyle).toEqual({ opacity: 0.2 });
    expect(option.dataZoom).toHaveLength(1);
    expect(option.legend.show).toBe(false);
  });
});
