import type { VizPlugin } from '../types.ts';
import { GaugeChart } from './GaugeChart.tsx';
import { type GaugeChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<GaugeChartProps> = {
  key: 'gauge_chart',
  transformProps,
  Chart: GaugeChart,
};
