import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const pivotTableChart: ChartDefinition = {
  metadata: {
    key: 'pivot_table_v2',
    name: 'Pivot Table',
    description:
      'Used to summarize a set of data by grouping together multiple statistics along two axes. Examples: Sales numbers by region and month, tasks by status and assignee, active users by age and location. Not the most visually stunning visualization, but highly informative and versatile.',
    category: 'Table',
    tags: ['Additive', 'Report', 'Tabular', 'Featured'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel,
  buildQuery,
};
