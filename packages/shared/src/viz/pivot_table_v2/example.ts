import type { ChartExample } from '../common/example.ts';

/** Saved example: barley yield by site and variety, 1931 against 1932, with totals. */
export const pivotTableExample: ChartExample = {
  sliceName: 'Barley yield by site and year',
  table: 'barley',
  formData: {
    viz_type: 'pivot_table_v2',
    groupbyRows: ['site', 'variety'],
    groupbyColumns: ['year'],
    metrics: ['sum__yield'],
    metricsLayout: 'COLUMNS',
    adhoc_filters: [],
    time_range: 'No filter',
    row_limit: 10000,
    order_desc: true,
    aggregateFunction: 'Sum',
    rowTotals: true,
    rowSubTotals: true,
    colTotals: true,
    colSubTotals: false,
    transposePivot: false,
    combineMetric: false,
    valueFormat: ',.1f',
    rowOrder: 'key_a_to_z',
    colOrder: 'key_a_to_z',
    conditional_formatting: [],
  },
};
