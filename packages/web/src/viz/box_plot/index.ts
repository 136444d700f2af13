import type { VizPlugin } from '../types.ts';
import { BoxPlotChart } from './BoxPlotChart.tsx';
import { type BoxPlotProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<BoxPlotProps> = {
  key: 'box_plot',
  transformProps,
  Chart: BoxPlotChart,
};
