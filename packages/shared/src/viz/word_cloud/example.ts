import { type ChartExample, isNotNullFilter, simpleMetric } from '../common/example.ts';

export const wordCloudExample: ChartExample = {
  sliceName: 'Directors by worldwide gross',
  table: 'movies',
  formData: {
    viz_type: 'word_cloud',
    series: 'director',
    metric: simpleMetric('worldwide_gross', 'SUM', 'Worldwide gross'),
    adhoc_filters: [isNotNullFilter('director')],
    row_limit: 100,
    sort_by_metric: true,
    size_from: 10,
    size_to: 60,
    rotation: 'square',
    color_scheme: 'supersetColors',
    time_range: 'No filter',
  },
};
