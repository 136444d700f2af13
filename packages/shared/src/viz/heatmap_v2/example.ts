import { type ChartExample, simpleMetric } from '../common/example.ts';

export const heatmapExample: ChartExample = {
  sliceName: 'US population by age group and census year',
  table: 'population',
  formData: {
    viz_type: 'heatmap_v2',
    x_axis: 'year',
    groupby: ['age'],
    metric: simpleMetric('people', 'SUM', 'People'),
    adhoc_filters: [],
    row_limit: 1000,
    sort_x_axis: 'alpha_asc',
    sort_y_axis: 'alpha_asc',
    normalize_across: 'x',
    legend_type: 'continuous',
    linear_color_scheme: 'superset_seq_1',
    y_axis_format: 'SMART_NUMBER',
    show_legend: true,
    show_percentage: true,
    show_values: false,
    normalized: false,
    time_range: 'No filter',
  },
};
