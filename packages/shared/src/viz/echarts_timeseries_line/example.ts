import { type ChartExample, TOP_SCROLL_LEGEND } from '../common/example.ts';

/** Saved example: monthly price of five technology stocks, one line per symbol. */
export const timeseriesLineExample: ChartExample = {
  sliceName: 'Stock prices by month',
  table: 'stocks',
  formData: {
    viz_type: 'echarts_timeseries_line',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    time_range: 'No filter',
    metrics: ['avg__price'],
    groupby: ['symbol'],
    adhoc_filters: [],
    row_limit: 10000,
    order_desc: true,
    truncate_metric: true,
    comparison_type: 'values',
    color_scheme: 'supersetColors',
    ...TOP_SCROLL_LEGEND,
    markerEnabled: false,
    zoomable: true,
    rich_tooltip: true,
    y_axis_format: '$,.2f',
    x_axis_time_format: 'smart_date',
    tooltipTimeFormat: '%Y-%m-%d',
    y_axis_title: 'Average price',
  },
};
