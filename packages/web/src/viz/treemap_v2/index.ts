import type { VizPlugin } from '../types.ts';
import { TreemapChart } from './TreemapChart.tsx';
import { type TreemapChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<TreemapChartProps> = {
  key: 'treemap_v2',
  transformProps,
  Chart: TreemapChart,
};
