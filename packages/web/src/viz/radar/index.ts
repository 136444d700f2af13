import type { VizPlugin } from '../types.ts';
import { RadarChart } from './RadarChart.tsx';
import { type RadarChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<RadarChartProps> = {
  key: 'radar',
  transformProps,
  Chart: RadarChart,
};
