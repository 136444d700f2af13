import type { ChartExample } from '../common/example.ts';

export const histogramExample: ChartExample = {
  sliceName: 'Penguin body mass by species',
  table: 'penguins',
  formData: {
    viz_type: 'histogram_v2',
    column: 'body_mass_g',
    groupby: ['species'],
    adhoc_filters: [],
    row_limit: 10000,
    bins: 12,
    normalize: false,
    cumulative: false,
    color_scheme: 'supersetColors',
    show_value: false,
    show_legend: true,
    x_axis_title: 'Body mass (g)',
    x_axis_format: ',d',
    y_axis_title: 'Penguins',
    y_axis_format: 'SMART_NUMBER',
    time_range: 'No filter',
  },
};
