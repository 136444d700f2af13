import { type ChartExample, sqlMetric } from '../common/example.ts';

export const graphExample: ChartExample = {
  sliceName: 'Busiest flight routes',
  table: 'flights',
  formData: {
    viz_type: 'graph_chart',
    source: 'origin',
    target: 'destination',
    metric: sqlMetric('COUNT(*)', 'Flights'),
    adhoc_filters: [],
    time_range: 'No filter',
    row_limit: 80,
    color_scheme: 'supersetColors',
    show_legend: false,
    layout: 'force',
    edgeSymbol: 'none,arrow',
    draggable: false,
    roam: false,
    showSymbolThreshold: 0,
    baseNodeSize: 18,
    baseEdgeWidth: 2,
    edgeLength: 110,
    gravity: 0.3,
    repulsion: 450,
    friction: 0.2,
  },
};
