import type { ChartDefinition } from '../types.ts';
import { buildMapboxQuery } from './buildQuery.ts';
import { mapboxControlPanel } from './controlPanel.ts';

export const mapboxChart: ChartDefinition = {
  metadata: {
    key: 'mapbox',
    name: 'MapBox',
    description:
      'Points on a map from longitude and latitude columns, clustered when they crowd. The base map is bundled and works offline; a tile URL can replace it.',
    category: 'Map',
    tags: ['Scatter', 'Transformable', 'Geo'],
    behaviors: [],
  },
  controlPanel: mapboxControlPanel,
  buildQuery: buildMapboxQuery,
};
