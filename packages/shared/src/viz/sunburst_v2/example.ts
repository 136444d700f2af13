import type { ChartExample } from '../common/partsAndFlows.ts';

export const sunburstExample: ChartExample = {
  sliceName: 'Penguins by species, island and sex',
  table: 'penguins',
  formData: {
    viz_type: 'sunburst_v2',
    columns: ['species', 'island', 'sex'],
    metric: {
      expressionType: 'SQL',
      sqlExpression: 'COUNT(*)',
      label: 'Penguins',
    },
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'sex',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
    ],
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
