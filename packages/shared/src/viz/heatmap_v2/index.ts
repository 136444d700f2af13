import type { ChartDefinition } from '../types.ts';
import { buildHeatmapQuery } from './buildQuery.ts';
import { heatmapControlPanel } from './controlPanel.ts';

export const heatmapChart: ChartDefinition = {
  metadata: {
    key: 'heatmap_v2',
    name: 'Heatmap',
    description:
      'Visualize a related metric across pairs of groups. Heatmaps excel at showcasing the correlation or strength between two groups. Color is used to emphasize the strength of the link between each pair of groups.',
    category: 'Correlation',
    tags: ['Business', 'Intensity', 'Density', 'Single Metric', 'ECharts', 'Featured'],
    behaviors: ['DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: heatmapControlPanel,
  buildQuery: buildHeatmapQuery,
};
