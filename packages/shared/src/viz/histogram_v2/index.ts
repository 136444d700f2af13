import type { ChartDefinition } from '../types.ts';
import { buildHistogramQuery } from './buildQuery.ts';
import { histogramControlPanel } from './controlPanel.ts';

export const histogramChart: ChartDefinition = {
  metadata: {
    key: 'histogram_v2',
    name: 'Histogram',
    description:
      'Take your data points, and group them into "bins" to see where the densest areas of information lie',
    category: 'Distribution',
    tags: ['Comparison', 'ECharts', 'Pattern', 'Popular', 'Transformable'],
    behaviors: [],
  },
  controlPanel: histogramControlPanel,
  buildQuery: buildHistogramQuery,
};
