import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildTreemapQuery } from './buildQuery.ts';
import { treemapControlPanel } from './controlPanel.ts';

export const treemapChart: ChartDefinition = {
  metadata: {
    key: 'treemap_v2',
    name: 'Treemap',
    description:
      'Show hierarchical relationships of data, with the value represented by area, showing proportion and contribution to the whole.',
    category: 'Part of a Whole',
    tags: [
      'Categorical',
      'Comparison',
      'ECharts',
      'Multi-Levels',
      'Percentages',
      'Proportional',
      'Featured',
    ],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: treemapControlPanel,
  buildQuery: buildTreemapQuery,
};
