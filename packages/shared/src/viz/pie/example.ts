import type { ChartExample } from '../common/partsAndFlows.ts';

export const pieExample: ChartExample = {
  sliceName: 'Worldwide gross by genre',
  table: 'movies',
  formData: {
    viz_type: 'pie',
    groupby: ['major_genre'],
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
    ],
    time_range: 'No filter',
    row_limit: 10,
    sort_by_metric: true,
    color_scheme: 'supersetColors',
    show_legend: true,
    legendType: 'scroll',
    legendOrientation: 'top',
    label_type: 'key_percent',
    number_format: 'SMART_NUMBER',
    show_labels: true,
    show_labels_threshold: 3,
    labels_outside: true,
    label_line: true,
    show_total: true,
    donut: true,
    innerRadius: 40,
    outerRadius: 70,
  },
};
