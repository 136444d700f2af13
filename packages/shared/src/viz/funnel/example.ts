import {
  type ChartExample,
  isNotNullFilter,
  sqlMetric,
  TOP_SCROLL_LEGEND,
} from '../common/example.ts';

export const funnelExample: ChartExample = {
  sliceName: 'Bird strikes by phase of flight',
  table: 'birdstrikes',
  formData: {
    viz_type: 'funnel',
    groupby: ['phase_of_flight'],
    metric: sqlMetric('COUNT(*)', 'Strikes'),
    adhoc_filters: [isNotNullFilter('phase_of_flight')],
    time_range: 'No filter',
    row_limit: 10,
    sort_by_metric: true,
    percent_calculation_type: 'total',
    color_scheme: 'supersetColors',
    ...TOP_SCROLL_LEGEND,
    label_type: 'key_percent',
    tooltip_label_type: 'key_value_percent',
    number_format: 'SMART_NUMBER',
    show_labels: true,
    show_tooltip_labels: true,
  },
};
