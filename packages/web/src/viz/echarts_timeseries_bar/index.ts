import { TimeseriesChart } from '../common/TimeseriesChart.tsx';
import type { VizPlugin } from '../types.ts';
import { transformProps } from './transformProps.ts';

export const plugin: VizPlugin = {
  key: 'echarts_timeseries_bar',
  transformProps,
  Chart: TimeseriesChart,
};
