import type { ChartExample } from '../common/example.ts';

/** Saved example: the S&P 500 month by month as a stepped line. */
export const timeseriesStepExample: ChartExample = {
  sliceName: 'S&P 500 monthly close',
  table: 'sp500',
  formData: {
    viz_type: 'echarts_timeseries_step',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    time_range: 'No filter',
    metrics: ['avg__price'],
    groupby: [],
    adhoc_filters: [],
    row_limit: 10000,
    order_desc: true,
    comparison_type: 'values',
    color_scheme: 'supersetColors',
    seriesType: 'start',
    area: true,
    opacity: 0.2,
    show_legend: false,
    rich_tooltip: true,
    zoomable: true,
    y_axis_format: ',.0f',
    x_axis_time_format: 'smart_date',
    tooltipTimeFormat: '%b %Y',
    y_axis_title: 'Index',
  },
};
