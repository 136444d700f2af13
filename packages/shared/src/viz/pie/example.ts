import {
  type ChartExample,
  isNotNullFilter,
  simpleMetric,
  TOP_SCROLL_LEGEND,
} from '../common/example.ts';

export const pieExample: ChartExample = {
  sliceName: 'Worldwide gross by genre',
  table: 'movies',
  formData: {
    viz_type: 'pie',
    groupby: ['major_genre'],
    metric: simpleMetric('worldwide_gross', 'SUM', 'Worldwide gross'),
    adhoc_filters: [isNotNullFilter('major_genre')],
    time_range: 'No filter',
    row_limit: 10,
    sort_by_metric: true,
    color_scheme: 'supersetColors',
    ...TOP_SCROLL_LEGEND,
    label_type: 'key_percent',
    number_format: 'SMART_NUMBER',
    show_labels: true,
    show_labels_threshold: 3,
    labels_outside: true,
    label_line: true,
    show_total: true,
    donut: true,
    innerRadius: 40,
    outerRadius: 70,
  },
};
