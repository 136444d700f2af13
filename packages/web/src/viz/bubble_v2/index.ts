import type { VizPlugin } from '../types.ts';
import { BubbleChart } from './BubbleChart.tsx';
import { type BubbleProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<BubbleProps> = {
  key: 'bubble_v2',
  transformProps,
  Chart: BubbleChart,
};
