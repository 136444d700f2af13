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
      'ECharts',
      'Predictive',
      'Advanced-Analytics',
      'Aesthetic',
      'Time',
      'Transformable',
      'Stacked',
      'Vertical',
      'Bar',
      'Popular',
    ],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    annotationTypes: ['FORMULA', 'NATIVE'],
  },
  controlPanel,
  buildQuery,
};
