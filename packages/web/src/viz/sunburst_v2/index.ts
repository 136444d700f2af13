import type { VizPlugin } from '../types.ts';
import { SunburstChart } from './SunburstChart.tsx';
import { type SunburstChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<SunburstChartProps> = {
  key: 'sunburst_v2',
  transformProps,
  Chart: SunburstChart,
};
