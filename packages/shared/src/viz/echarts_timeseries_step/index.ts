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
    tags: [
      'ECharts',
      'Predictive',
      'Advanced-Analytics',
      'Aesthetic',
      'Line',
      'Transformable',
      'Stacked',
      'Time',
      'Step',
    ],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    annotationTypes: ['FORMULA', 'NATIVE'],
  },
  controlPanel,
  buildQuery,
};
