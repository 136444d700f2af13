import type { QueryFormData } from '../types.ts';

export const waterfallExample: {
  sliceName: string;
  table: string;
  formData: Omit<QueryFormData, 'datasource'>;
} = {
  sliceName: 'Film profit by genre',
  table: 'movies',
  formData: {
    viz_type: 'waterfall',
    x_axis: 'major_genre',
    metric: {
      expressionType: 'SQL',
      sqlExpression: 'SUM(worldwide_gross - production_budget)',
      label: 'Profit',
    },
    groupby: [],
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'major_genre',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
    ],
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
