import {
  ECHARTS_TIMESERIES_TAGS,
  INTERACTIVE_DRILL_BEHAVIORS,
  TIMESERIES_ANNOTATION_TYPES,
} from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const timeseriesScatterChart: ChartDefinition = {
  metadata: {
    key: 'echarts_timeseries_scatter',
    name: 'Scatter Plot',
    description:
      'Scatter Plot has the horizontal axis in linear units, and the points are connected in order. It shows a statistical relationship between two variables.',
    category: 'Evolution',
    tags: [...ECHARTS_TIMESERIES_TAGS, 'Time', 'Transformable', 'Scatter', 'Popular'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
    annotationTypes: TIMESERIES_ANNOTATION_TYPES,
  },
  controlPanel,
  buildQuery,
};
