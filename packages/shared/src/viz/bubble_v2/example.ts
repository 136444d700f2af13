import { type ChartExample, equalsFilter, simpleMetric } from '../common/example.ts';

export const bubbleExample: ChartExample = {
  sliceName: 'Life expectancy against fertility, 2005',
  table: 'gapminder',
  formData: {
    viz_type: 'bubble_v2',
    entity: 'country',
    // The data set numbers its regions; name them so the legend reads as regions.
    series: {
      expressionType: 'SQL',
      sqlExpression:
        "CASE cluster WHEN 0 THEN 'South Asia' WHEN 1 THEN 'Europe & Central Asia' " +
        "WHEN 2 THEN 'Sub-Saharan Africa' WHEN 3 THEN 'America' " +
        "WHEN 4 THEN 'East Asia & Pacific' ELSE 'Middle East & North Africa' END",
      label: 'Region',
    },
    x: simpleMetric('fertility', 'MAX', 'Fertility'),
    y: simpleMetric('life_expect', 'MAX', 'Life expectancy'),
    size: simpleMetric('pop', 'SUM', 'Population'),
    adhoc_filters: [equalsFilter('year', 2005)],
    row_limit: 10000,
    order_desc: true,
    color_scheme: 'supersetColors',
    show_legend: true,
    max_bubble_size: 50,
    opacity: 0.6,
    x_axis_title: 'Fertility (children per woman)',
    y_axis_title: 'Life expectancy (years)',
    y_axis_format: 'SMART_NUMBER',
    xAxisFormat: 'SMART_NUMBER',
    logXAxis: false,
    logYAxis: false,
    truncateYAxis: true,
    time_range: 'No filter',
  },
};
