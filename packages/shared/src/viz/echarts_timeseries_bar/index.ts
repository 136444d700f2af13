import {
  ECHARTS_TIMESERIES_TAGS,
  INTERACTIVE_DRILL_BEHAVIORS,
  TIMESERIES_ANNOTATION_TYPES,
} from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const timeseriesBarChart: ChartDefinition = {
  metadata: {
    key: 'echarts_timeseries_bar',
    name: 'Bar Chart',
    description: 'Bar Charts are used to show metrics as a series of bars.',
    category: 'Evolution',
    tags: [
      ...ECHARTS_TIMESERIES_TAGS,
      'Time',
      'Transformable',
      'Stacked',
      'Vertical',
      'Bar',
      'Popular',
    ],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
    annotationTypes: TIMESERIES_ANNOTATION_TYPES,
  },
  controlPanel,
  buildQuery,
};
