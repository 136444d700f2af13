import {
  ECHARTS_TIMESERIES_TAGS,
  INTERACTIVE_DRILL_BEHAVIORS,
  TIMESERIES_ANNOTATION_TYPES,
} from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';

export const timeseriesStepChart: ChartDefinition = {
  metadata: {
    key: 'echarts_timeseries_step',
    name: 'Stepped Line',
    description:
      'Stepped-line graph (also called step chart) is a variation of line chart but with the line forming a series of steps between data points. A step chart can be useful when you want to show the changes that occur at irregular intervals.',
    category: 'Evolution',
    tags: [...ECHARTS_TIMESERIES_TAGS, 'Line', 'Transformable', 'Stacked', 'Time', 'Step'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
    annotationTypes: TIMESERIES_ANNOTATION_TYPES,
  },
  controlPanel,
  buildQuery,
};
