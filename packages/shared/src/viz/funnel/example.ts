import type { ChartExample } from '../common/partsAndFlows.ts';

export const funnelExample: ChartExample = {
  sliceName: 'Bird strikes by phase of flight',
  table: 'birdstrikes',
  formData: {
    viz_type: 'funnel',
    groupby: ['phase_of_flight'],
    metric: {
      expressionType: 'SQL',
      sqlExpression: 'COUNT(*)',
      label: 'Strikes',
    },
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'phase_of_flight',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
    ],
    time_range: 'No filter',
    row_limit: 10,
    sort_by_metric: true,
    percent_calculation_type: 'total',
    color_scheme: 'supersetColors',
    show_legend: true,
    legendType: 'scroll',
    legendOrientation: 'top',
    label_type: 'key_percent',
    tooltip_label_type: 'key_value_percent',
    number_format: 'SMART_NUMBER',
    show_labels: true,
    show_tooltip_labels: true,
  },
};
