import type { VizPlugin } from '../types.ts';
import { transformProps, type WaterfallProps } from './transformProps.ts';
import { WaterfallChart } from './WaterfallChart.tsx';

export const plugin: VizPlugin<WaterfallProps> = {
  key: 'waterfall',
  transformProps,
  Chart: WaterfallChart,
};
