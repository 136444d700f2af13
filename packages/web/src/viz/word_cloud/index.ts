import type { VizPlugin } from '../types.ts';
import { transformProps, type WordCloudProps } from './transformProps.ts';
import { WordCloudChart } from './WordCloudChart.tsx';

export const plugin: VizPlugin<WordCloudProps> = {
  key: 'word_cloud',
  transformProps,
  Chart: WordCloudChart,
};
