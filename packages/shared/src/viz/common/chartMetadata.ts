import type { ChartBehavior } from '../types.ts';

/** Metadata values that whole families of chart types share (Superset's, as it declares them). */

/** Emits cross-filters, drills to detail and drills by: what most ECharts chart types offer. */
export const INTERACTIVE_DRILL_BEHAVIORS: readonly ChartBehavior[] = [
  'INTERACTIVE_CHART',
  'DRILL_TO_DETAIL',
  'DRILL_BY',
];

/** The tags the ECharts time-series chart types (line, bar, area, scatter, step) start with. */
export const ECHARTS_TIMESERIES_TAGS: readonly string[] = [
  'ECharts',
  'Predictive',
  'Advanced-Analytics',
  'Aesthetic',
];

/** The annotation sources the time-series chart types draw. */
export const TIMESERIES_ANNOTATION_TYPES: readonly string[] = ['FORMULA', 'NATIVE'];
