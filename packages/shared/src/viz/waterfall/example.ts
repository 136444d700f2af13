import { type ChartExample, isNotNullFilter, sqlMetric } from '../common/example.ts';

export const waterfallExample: ChartExample = {
  sliceName: 'Film profit by genre',
  table: 'movies',
  formData: {
    viz_type: 'waterfall',
    x_axis: 'major_genre',
    metric: sqlMetric('SUM(worldwide_gross - production_budget)', 'Profit'),
    groupby: [],
    adhoc_filters: [isNotNullFilter('major_genre')],
    row_limit: 1000,
    show_value: true,
    show_legend: true,
    y_axis_format: 'SMART_NUMBER',
    x_axis_title: 'Genre',
    y_axis_title: 'Worldwide gross minus budget',
    x_ticks_layout: '45°',
    time_range: 'No filter',
  },
};
