import type { QueryFormData } from '../types.ts';

export const wordCloudExample: {
  sliceName: string;
  table: string;
  formData: Omit<QueryFormData, 'datasource'>;
} = {
  sliceName: 'Directors by worldwide gross',
  table: 'movies',
  formData: {
    viz_type: 'word_cloud',
    series: 'director',
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
        subject: 'director',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
    ],
    row_limit: 100,
    sort_by_metric: true,
    size_from: 10,
    size_to: 60,
    rotation: 'square',
    color_scheme: 'supersetColors',
    time_range: 'No filter',
  },
};
