import type { VizPlugin } from '../types.ts';
import { SankeyChart } from './SankeyChart.tsx';
import { type SankeyChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<SankeyChartProps> = {
  key: 'sankey_v2',
  transformProps,
  Chart: SankeyChart,
};
