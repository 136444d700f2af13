import type { QueryFormData } from '../types.ts';

export const boxPlotExample: {
  sliceName: string;
  table: string;
  formData: Omit<QueryFormData, 'datasource'>;
} = {
  sliceName: 'Seattle daily high temperature by weather',
  table: 'seattle_weather',
  formData: {
    viz_type: 'box_plot',
    columns: ['date'],
    groupby: ['weather'],
    metrics: [
      {
        expressionType: 'SIMPLE',
        column: { column_name: 'temp_max' },
        aggregate: 'MAX',
        label: 'High temperature (°C)',
      },
    ],
    adhoc_filters: [],
    row_limit: 10000,
    whiskerOptions: 'Tukey',
    color_scheme: 'supersetColors',
    number_format: 'SMART_NUMBER',
    date_format: 'smart_date',
    x_ticks_layout: 'auto',
    time_range: 'No filter',
  },
};
