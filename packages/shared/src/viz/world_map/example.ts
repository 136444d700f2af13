import type { QueryFormData } from '../types.ts';

export const worldMapExample: {
  sliceName: string;
  table: string;
  formData: Omit<QueryFormData, 'datasource'>;
} = {
  sliceName: 'Life expectancy by country, 2005',
  table: 'gapminder',
  formData: {
    viz_type: 'world_map',
    entity: 'country',
    country_fieldtype: 'name',
    metric: {
      expressionType: 'SIMPLE',
      column: { column_name: 'life_expect' },
      aggregate: 'MAX',
      label: 'Life expectancy',
    },
    secondary_metric: {
      expressionType: 'SIMPLE',
      column: { column_name: 'pop' },
      aggregate: 'SUM',
      label: 'Population',
    },
    show_bubbles: true,
    max_bubble_size: 25,
    color_by: 'metric',
    linear_color_scheme: 'superset_seq_1',
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'year',
        operator: '==',
        operatorId: 'EQUALS',
        comparator: 2005,
      },
    ],
    row_limit: 1000,
    sort_by_metric: true,
    y_axis_format: '.1f',
    time_range: 'No filter',
  },
};
