import type { ChartExample } from '../common/partsAndFlows.ts';

export const treemapExample: ChartExample = {
  sliceName: 'Worldwide gross by genre and rating',
  table: 'movies',
  formData: {
    viz_type: 'treemap_v2',
    groupby: ['major_genre', 'mpaa_rating'],
    metric: {
      expressionType: 'SIMPLE',
      column: { column_name: 'worldwide_gross' },
      aggregate: 'SUM',
      label: 'Worldwide gross',
    },
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'major_genre',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'mpaa_rating',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
    ],
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
