import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const tableChart: ChartDefinition = {
  metadata: {
    key: 'table',
    name: 'Table',
    description:
      'Classic row-by-column spreadsheet like view of a dataset. Use tables to showcase a view into the underlying data or to show aggregated metrics.',
    category: 'Table',
    tags: ['Additive', 'Business', 'Pattern', 'Featured', 'Report', 'Sequential', 'Tabular'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel,
  buildQuery,
};
