import type { VizPlugin } from '../types.ts';
import { HeatmapChart } from './HeatmapChart.tsx';
import { type HeatmapProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<HeatmapProps> = {
  key: 'heatmap_v2',
  transformProps,
  Chart: HeatmapChart,
};
