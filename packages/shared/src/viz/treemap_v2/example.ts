import { type ChartExample, isNotNullFilter, simpleMetric } from '../common/example.ts';

export const treemapExample: ChartExample = {
  sliceName: 'Worldwide gross by genre and rating',
  table: 'movies',
  formData: {
    viz_type: 'treemap_v2',
    groupby: ['major_genre', 'mpaa_rating'],
    metric: simpleMetric('worldwide_gross', 'SUM', 'Worldwide gross'),
    adhoc_filters: [isNotNullFilter('major_genre'), isNotNullFilter('mpaa_rating')],
    time_range: 'No filter',
    row_limit: 1000,
    sort_by_metric: true,
    color_scheme: 'supersetColors',
    show_labels: true,
    show_upper_labels: true,
    label_type: 'key_value',
    number_format: 'SMART_NUMBER',
  },
};
