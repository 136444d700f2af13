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
    tags: [
      'ECharts',
      'Predictive',
      'Advanced-Analytics',
      'Aesthetic',
      'Line',
      'Transformable',
      'Stacked',
      'Popular',
      'Time',
    ],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    annotationTypes: ['FORMULA', 'NATIVE'],
  },
  controlPanel,
  buildQuery,
};
