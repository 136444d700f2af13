import { type ChartExample, simpleMetric } from '../common/example.ts';

export const boxPlotExample: ChartExample = {
  sliceName: 'Seattle daily high temperature by weather',
  table: 'seattle_weather',
  formData: {
    viz_type: 'box_plot',
    columns: ['date'],
    groupby: ['weather'],
    metrics: [simpleMetric('temp_max', 'MAX', 'High temperature (°C)')],
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
