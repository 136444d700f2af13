import type { VizPlugin } from '../types.ts';
import { PieChart } from './PieChart.tsx';
import { type PieChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<PieChartProps> = {
  key: 'pie',
  transformProps,
  Chart: PieChart,
};
