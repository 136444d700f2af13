import type { VizPlugin } from '../types.ts';
import { GraphChart } from './GraphChart.tsx';
import { type GraphChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<GraphChartProps> = {
  key: 'graph_chart',
  transformProps,
  Chart: GraphChart,
};
