import {
  ECHARTS_TIMESERIES_TAGS,
  INTERACTIVE_DRILL_BEHAVIORS,
  TIMESERIES_ANNOTATION_TYPES,
} from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const timeseriesLineChart: ChartDefinition = {
  metadata: {
    key: 'echarts_timeseries_line',
    name: 'Line Chart',
    description:
      'Line chart is used to visualize measurements taken over a given category. Line chart is a type of chart which displays information as a series of data points connected by straight line segments. It is a basic type of chart common in many fields.',
    category: 'Evolution',
    tags: [...ECHARTS_TIMESERIES_TAGS, 'Line', 'Popular', 'Time'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
    annotationTypes: TIMESERIES_ANNOTATION_TYPES,
  },
  controlPanel,
  buildQuery,
};
