import type { ChartExample } from '../common/example.ts';

/** Saved example: the S&P 500's latest monthly level, its trend and the change on a year ago. */
export const bigNumberExample: ChartExample = {
  sliceName: 'S&P 500 with trendline',
  table: 'sp500',
  formData: {
    viz_type: 'big_number',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    time_range: 'No filter',
    metric: 'avg__price',
    adhoc_filters: [],
    compare_lag: 12,
    compare_suffix: 'over last year',
    show_timestamp: true,
    show_trend_line: true,
    start_y_axis_at_zero: false,
    header_font_size: 0.4,
    subheader_font_size: 0.15,
    y_axis_format: ',.0f',
    time_format: '%b %Y',
    color_picker: { r: 0, g: 122, b: 135, a: 1 },
  },
};
