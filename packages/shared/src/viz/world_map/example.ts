import { type ChartExample, equalsFilter, simpleMetric } from '../common/example.ts';

export const worldMapExample: ChartExample = {
  sliceName: 'Life expectancy by country, 2005',
  table: 'gapminder',
  formData: {
    viz_type: 'world_map',
    entity: 'country',
    country_fieldtype: 'name',
    metric: simpleMetric('life_expect', 'MAX', 'Life expectancy'),
    secondary_metric: simpleMetric('pop', 'SUM', 'Population'),
    show_bubbles: true,
    max_bubble_size: 25,
    color_by: 'metric',
    linear_color_scheme: 'superset_seq_1',
    adhoc_filters: [equalsFilter('year', 2005)],
    row_limit: 1000,
    sort_by_metric: true,
    y_axis_format: '.1f',
    time_range: 'No filter',
  },
};
