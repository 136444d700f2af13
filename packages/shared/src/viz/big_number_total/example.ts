import type { ChartExample } from '../common/example.ts';

/** Saved example: how many flights the 2001 data set holds. */
export const bigNumberTotalExample: ChartExample = {
  sliceName: 'Flights in 2001',
  table: 'flights',
  formData: {
    viz_type: 'big_number_total',
    metric: 'count',
    adhoc_filters: [],
    time_range: 'No filter',
    subheader: 'domestic US flights in 2001',
    header_font_size: 0.4,
    subheader_font_size: 0.15,
    y_axis_format: 'SMART_NUMBER',
    time_format: 'smart_date',
  },
};
