import type { ChartDefinition } from '../types.ts';
import { buildGraphQuery } from './buildQuery.ts';
import { graphControlPanel } from './controlPanel.ts';

export const graphChart: ChartDefinition = {
  metadata: {
    key: 'graph_chart',
    name: 'Graph Chart',
    description:
      'Displays connections between entities in a graph structure. Useful for mapping relationships and showing which nodes are important in a network. Graph charts can be configured to be force-directed or circulate. If your data has a geospatial component, try the deck.gl Arc chart.',
    category: 'Flow',
    tags: [
      'Circular',
      'Comparison',
      'Directional',
      'ECharts',
      'Relational',
      'Structural',
      'Transformable',
    ],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  controlPanel: graphControlPanel,
  buildQuery: buildGraphQuery,
};
