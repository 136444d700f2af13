import { type ChartExample, TOP_SCROLL_LEGEND } from '../common/example.ts';

/** Saved example: Iowa's yearly electricity generation stacked by source. */
export const timeseriesBarExample: ChartExample = {
  sliceName: 'Iowa electricity by source',
  table: 'iowa_electricity',
  formData: {
    viz_type: 'echarts_timeseries_bar',
    x_axis: 'year',
    time_grain_sqla: 'P1Y',
    time_range: 'No filter',
    metrics: ['sum__net_generation'],
    groupby: ['source'],
    adhoc_filters: [],
    row_limit: 10000,
    order_desc: true,
    truncate_metric: true,
    comparison_type: 'values',
    color_scheme: 'supersetColors',
    orientation: 'vertical',
    stack: 'Stack',
    only_total: true,
    show_value: false,
    ...TOP_SCROLL_LEGEND,
    rich_tooltip: true,
    y_axis_format: 'SMART_NUMBER',
    x_axis_time_format: '%Y',
    tooltipTimeFormat: '%Y',
    y_axis_title: 'Thousand MWh',
  },
};
