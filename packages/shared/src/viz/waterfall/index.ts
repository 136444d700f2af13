import type { ChartDefinition } from '../types.ts';
import { buildWaterfallQuery } from './buildQuery.ts';
import { waterfallControlPanel } from './controlPanel.ts';

export const waterfallChart: ChartDefinition = {
  metadata: {
    key: 'waterfall',
    name: 'Waterfall Chart',
    description:
      'A waterfall chart is a form of data visualization that helps in understanding the cumulative effect of sequentially introduced positive or negative values. These intermediate values can either be time based or category based.',
    category: 'Evolution',
    tags: ['Categorical', 'Comparison', 'ECharts'],
    behaviors: ['DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: waterfallControlPanel,
  buildQuery: buildWaterfallQuery,
};
