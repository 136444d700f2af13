import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildRadarQuery } from './buildQuery.ts';
import { radarControlPanel } from './controlPanel.ts';

export const radarChart: ChartDefinition = {
  metadata: {
    key: 'radar',
    name: 'Radar Chart',
    description:
      'Visualize a parallel set of metrics across multiple groups. Each group is visualized using its own line of points and each metric is represented as an edge in the chart.',
    category: 'Ranking',
    tags: ['Business', 'Comparison', 'Multi-Variables', 'ECharts', 'Web', 'Featured'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: radarControlPanel,
  buildQuery: buildRadarQuery,
};
