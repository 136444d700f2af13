import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const bigNumberTotalChart: ChartDefinition = {
  metadata: {
    key: 'big_number_total',
    name: 'Big Number',
    description:
      'Showcases a single metric front-and-center. Big number is best used to call attention to a KPI or the one thing you want your audience to focus on.',
    category: 'KPI',
    tags: ['Additive', 'Business', 'ECharts', 'Percentages', 'Featured', 'Report'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel,
  buildQuery,
};
