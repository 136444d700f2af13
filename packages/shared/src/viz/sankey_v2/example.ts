import type { ChartExample } from '../common/partsAndFlows.ts';

export const sankeyExample: ChartExample = {
  sliceName: 'Bird strikes: time of day to phase of flight',
  table: 'birdstrikes',
  formData: {
    viz_type: 'sankey_v2',
    source: 'time_of_day',
    target: 'phase_of_flight',
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
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'time_of_day',
        operator: 'IS NOT NULL',
        operatorId: 'IS_NOT_NULL',
      },
    ],
    time_range: 'No filter',
    row_limit: 100,
    sort_by_metric: true,
    color_scheme: 'supersetColors',
    number_format: 'SMART_NUMBER',
  },
};
