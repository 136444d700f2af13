import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildSunburstQuery } from './buildQuery.ts';
import { sunburstControlPanel } from './controlPanel.ts';

export const sunburstChart: ChartDefinition = {
  metadata: {
    key: 'sunburst_v2',
    name: 'Sunburst Chart',
    description:
      'Uses circles to visualize the flow of data through different stages of a system. Hover over individual paths in the visualization to understand the stages a value took. Useful for multi-stage, multi-group visualizing funnels and pipelines.',
    category: 'Part of a Whole',
    tags: ['ECharts', 'Multi-Levels', 'Proportional', 'Featured'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: sunburstControlPanel,
  buildQuery: buildSunburstQuery,
};
