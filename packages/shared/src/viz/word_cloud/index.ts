import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildWordCloudQuery } from './buildQuery.ts';
import { wordCloudControlPanel } from './controlPanel.ts';

export const wordCloudChart: ChartDefinition = {
  metadata: {
    key: 'word_cloud',
    name: 'Word Cloud',
    description:
      'Visualizes the words in a column that appear the most often. Bigger font corresponds to higher frequency.',
    category: 'Ranking',
    tags: ['Categorical', 'Comparison', 'Density', 'Single Metric'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: wordCloudControlPanel,
  buildQuery: buildWordCloudQuery,
};
