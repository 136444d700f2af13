import type { VizPlugin } from '../types.ts';
import { HistogramChart } from './HistogramChart.tsx';
import { type HistogramProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<HistogramProps> = {
  key: 'histogram_v2',
  transformProps,
  Chart: HistogramChart,
};
