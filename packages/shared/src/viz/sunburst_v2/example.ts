import { type ChartExample, isNotNullFilter, sqlMetric } from '../common/example.ts';

export const sunburstExample: ChartExample = {
  sliceName: 'Penguins by species, island and sex',
  table: 'penguins',
  formData: {
    viz_type: 'sunburst_v2',
    columns: ['species', 'island', 'sex'],
    metric: sqlMetric('COUNT(*)', 'Penguins'),
    adhoc_filters: [isNotNullFilter('sex')],
    time_range: 'No filter',
    row_limit: 1000,
    sort_by_metric: true,
    color_scheme: 'supersetColors',
    linear_color_scheme: 'superset_seq_1',
    show_labels: true,
    show_labels_threshold: 2,
    show_total: true,
    label_type: 'key',
    number_format: 'SMART_NUMBER',
  },
};
