import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildWorldMapQuery } from './buildQuery.ts';
import { worldMapControlPanel } from './controlPanel.ts';

export const worldMapChart: ChartDefinition = {
  metadata: {
    key: 'world_map',
    name: 'World Map',
    description:
      'A map of the world, that can indicate values in different countries. Countries are shaded by a metric and can carry bubbles sized by a second metric.',
    category: 'Map',
    tags: [
      '2D',
      'Comparison',
      'Intensity',
      'Multi-Dimensions',
      'Multi-Layers',
      'Multi-Variables',
      'Scatter',
      'Featured',
    ],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: worldMapControlPanel,
  buildQuery: buildWorldMapQuery,
};
