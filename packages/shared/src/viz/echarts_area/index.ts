import {
  ECHARTS_TIMESERIES_TAGS,
  INTERACTIVE_DRILL_BEHAVIORS,
  TIMESERIES_ANNOTATION_TYPES,
} from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const areaChart: ChartDefinition = {
  metadata: {
    key: 'echarts_area',
    name: 'Area Chart',
    description:
      'Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.',
    category: 'Evolution',
    tags: [...ECHARTS_TIMESERIES_TAGS, 'Line', 'Transformable', 'Stacked', 'Popular', 'Time'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
    annotationTypes: TIMESERIES_ANNOTATION_TYPES,
  },
  controlPanel,
  buildQuery,
};
