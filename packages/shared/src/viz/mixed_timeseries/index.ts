import {
  INTERACTIVE_DRILL_BEHAVIORS,
  TIMESERIES_ANNOTATION_TYPES,
} from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const mixedTimeseriesChart: ChartDefinition = {
  metadata: {
    key: 'mixed_timeseries',
    name: 'Mixed Chart',
    description:
      'Visualize two different series using the same x-axis. Note that both series can be visualized with a different chart type (e.g. 1 using bars and 1 using a line).',
    category: 'Evolution',
    tags: ['ECharts', 'Advanced-Analytics', 'Aesthetic', 'Line', 'Multi-Variables', 'Time'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
    annotationTypes: TIMESERIES_ANNOTATION_TYPES,
  },
  controlPanel,
  buildQuery,
};
