import { type ChartExample, TOP_SCROLL_LEGEND } from '../common/example.ts';

/** Saved example: US unemployment by industry, stacked month by month. */
export const areaExample: ChartExample = {
  sliceName: 'Unemployment by industry',
  table: 'unemployment_across_industries',
  formData: {
    viz_type: 'echarts_area',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    time_range: 'No filter',
    metrics: ['sum__count'],
    groupby: ['series'],
    adhoc_filters: [],
    series_limit: 10,
    row_limit: 10000,
    order_desc: true,
    truncate_metric: true,
    comparison_type: 'values',
    color_scheme: 'supersetColors',
    seriesType: 'line',
    stack: 'Stack',
    opacity: 0.7,
    ...TOP_SCROLL_LEGEND,
    rich_tooltip: true,
    y_axis_format: 'SMART_NUMBER',
    x_axis_time_format: 'smart_date',
    tooltipTimeFormat: '%b %Y',
    y_axis_title: 'Unemployed (thousands)',
  },
};
