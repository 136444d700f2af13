import { type ChartExample, TOP_SCROLL_LEGEND } from '../common/example.ts';

/** Saved example: weekly average top temperature in Seattle and New York. */
export const timeseriesScatterExample: ChartExample = {
  sliceName: 'Weekly top temperature by city',
  table: 'weather',
  formData: {
    viz_type: 'echarts_timeseries_scatter',
    x_axis: 'date',
    time_grain_sqla: 'P1W',
    time_range: 'No filter',
    metrics: ['avg__temp_max'],
    groupby: ['location'],
    adhoc_filters: [],
    row_limit: 10000,
    order_desc: true,
    truncate_metric: true,
    comparison_type: 'values',
    color_scheme: 'supersetColors',
    markerSize: 6,
    ...TOP_SCROLL_LEGEND,
    rich_tooltip: true,
    y_axis_format: ',.1f',
    x_axis_time_format: 'smart_date',
    tooltipTimeFormat: '%Y-%m-%d',
    y_axis_title: '°C',
  },
};
