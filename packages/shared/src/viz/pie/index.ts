import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildPieQuery } from './buildQuery.ts';
import { pieControlPanel } from './controlPanel.ts';

export const pieChart: ChartDefinition = {
  metadata: {
    key: 'pie',
    name: 'Pie Chart',
    description:
      'The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex. Best used with few categories.',
    category: 'Part of a Whole',
    tags: [
      'Categorical',
      'Circular',
      'Comparison',
      'Percentages',
      'Featured',
      'Proportional',
      'ECharts',
      'Nightingale',
    ],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: pieControlPanel,
  buildQuery: buildPieQuery,
};
