import { type ChartExample, isNotNullFilter, sqlMetric } from '../common/example.ts';

export const sankeyExample: ChartExample = {
  sliceName: 'Bird strikes: time of day to phase of flight',
  table: 'birdstrikes',
  formData: {
    viz_type: 'sankey_v2',
    source: 'time_of_day',
    target: 'phase_of_flight',
    metric: sqlMetric('COUNT(*)', 'Strikes'),
    adhoc_filters: [isNotNullFilter('phase_of_flight'), isNotNullFilter('time_of_day')],
    time_range: 'No filter',
    row_limit: 100,
    sort_by_metric: true,
    color_scheme: 'supersetColors',
    number_format: 'SMART_NUMBER',
  },
};
