import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const bigNumberChart: ChartDefinition = {
  metadata: {
    key: 'big_number',
    name: 'Big Number with Trendline',
    description:
      'Showcases a single number accompanied by a simple line chart, to call attention to an important metric along with its change over time or other dimension.',
    category: 'KPI',
    tags: ['Advanced-Analytics', 'Line', 'Percentages', 'Featured', 'Report', 'Trend'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel,
  buildQuery,
};
