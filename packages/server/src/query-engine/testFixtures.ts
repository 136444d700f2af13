import type { QueryObject } from '@tessera/shared/api/chartData';
import type { DatasetForQuery } from './types.ts';

/**
 * One small table, loaded identically into every engine, and the table of query objects the
 * golden-SQL and cross-engine tests run. Values are chosen so no ordering depends on ties and
 * no result depends on an engine's collation.
 */

export const SALES_ROWS: Array<[string, string, string, number, number, boolean, string | null]> = [
  ['2024-01-01 10:00:00', 'FR', 'apple', 10, 1.5, true, 'a'],
  ['2024-01-01 15:30:00', 'FR', 'pear', 3, 2.25, false, null],
  ['2024-01-02 09:00:00', 'DE', 'apple', 7, 1.5, false, 'b'],
  ['2024-01-08 12:00:00', 'DE', 'plum', 12, 3, true, null],
  ['2024-01-15 08:45:00', 'US', 'apple', 20, 1.25, false, "O'Brien"],
  ['2024-02-01 00:00:00', 'US', 'pear', 5, 2.5, true, 'c'],
  ['2024-02-14 18:20:00', 'IT', 'plum', 1, 4, false, null],
  ['2024-03-03 11:11:11', 'FR', 'plum', 8, 3.5, false, 'Apple pie'],
  ['2024-03-31 23:59:59', 'DE', 'pear', 4, 2, true, 'd'],
  ['2024-04-01 00:00:00', 'US', 'plum', 6, 3, false, null],
];

export function salesDataset(overrides: Partial<DatasetForQuery> = {}): DatasetForQuery {
  return {
    id: 1,
    table_name: 'sales',
    schema: null,
    sql: null,
    main_dttm_col: 'ds',
    columns: [
      { column_name: 'ds', is_dttm: true, type_generic: 2, type: 'TIMESTAMP' },
      { column_name: 'country', is_dttm: false, type_generic: 1, type: 'VARCHAR' },
      { column_name: 'product', is_dttm: false, type_generic: 1, type: 'VARCHAR' },
      { column_name: 'num', is_dttm: false, type_generic: 0, type: 'INTEGER' },
      { column_name: 'price', is_dttm: false, type_generic: 0, type: 'DOUBLE' },
      { column_name: 'is_promo', is_dttm: false, type_generic: 3, type: 'BOOLEAN' },
      { column_name: 'note', is_dttm: false, type_generic: 1, type: 'VARCHAR' },
      { column_name: 'revenue', expression: 'num * price', is_dttm: false, type_generic: 0 },
    ],
    metrics: [
      { metric_name: 'count', expression: 'COUNT(*)' },
      { metric_name: 'sum_num', expression: 'SUM(num)' },
    ],
    ...overrides,
  };
}

const rawRows = (filter: NonNullable<QueryObject['filters']>[number]): QueryObject => ({
  columns: ['ds', 'country', 'num'],
  filters: [filter],
  orderby: [['num', true]],
});

const xAxis = (timeGrain?: string) => ({
  sqlExpression: 'ds',
  label: 'ds',
  columnType: 'BASE_AXIS' as const,
  ...(timeGrain ? { timeGrain } : {}),
});

/** name -> query object; each runs on every engine and must give the same rows. */
export const QUERY_CASES: Array<[string, QueryObject]> = [
  [
    'saved and simple metrics by country',
    {
      columns: ['country'],
      metrics: [
        'count',
        { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM' },
        {
          expressionType: 'SIMPLE',
          column: { column_name: 'price' },
          aggregate: 'AVG',
          label: 'avg_price',
        },
      ],
      orderby: [['country', true]],
    },
  ],
  [
    'count distinct, min, max and a SQL metric',
    {
      metrics: [
        {
          expressionType: 'SIMPLE',
          column: { column_name: 'product' },
          aggregate: 'COUNT_DISTINCT',
        },
        { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MIN' },
        { expressionType: 'SIMPLE', column: { column_name: 'price' }, aggregate: 'MAX' },
        { expressionType: 'SQL', sqlExpression: 'SUM(num * price)', label: 'revenue_sql' },
      ],
    },
  ],
  ['monthly x-axis', { columns: [xAxis('P1M')], metrics: ['sum_num'], orderby: [['ds', true]] }],
  ['weekly x-axis', { columns: [xAxis('P1W')], metrics: ['count'], orderby: [['ds', true]] }],
  ['yearly x-axis', { columns: [xAxis('P1Y')], metrics: ['count'], orderby: [['ds', true]] }],
  ['daily x-axis by default', { columns: [xAxis()], metrics: ['count'], orderby: [['ds', true]] }],
  [
    'quarterly x-axis from extras',
    {
      columns: [xAxis()],
      metrics: ['sum_num'],
      extras: { time_grain_sqla: 'P3M' },
      orderby: [['ds', true]],
    },
  ],
  ['filter ==', rawRows({ col: 'country', op: '==', val: 'FR' })],
  ['filter !=', rawRows({ col: 'country', op: '!=', val: 'FR' })],
  ['filter >', rawRows({ col: 'num', op: '>', val: 7 })],
  ['filter <', rawRows({ col: 'price', op: '<', val: '2' })],
  ['filter >=', rawRows({ col: 'num', op: '>=', val: 12 })],
  ['filter <=', rawRows({ col: 'num', op: '<=', val: 3 })],
  ['filter LIKE', rawRows({ col: 'product', op: 'LIKE', val: 'p%' })],
  ['filter NOT LIKE', rawRows({ col: 'product', op: 'NOT LIKE', val: 'p%' })],
  ['filter ILIKE', rawRows({ col: 'note', op: 'ILIKE', val: '%APPLE%' })],
  ['filter IS NULL', rawRows({ col: 'note', op: 'IS NULL' })],
  ['filter IS NOT NULL', rawRows({ col: 'note', op: 'IS NOT NULL' })],
  ['filter IN', rawRows({ col: 'country', op: 'IN', val: ['DE', 'IT'] })],
  ['filter NOT IN', rawRows({ col: 'country', op: 'NOT IN', val: ['DE', 'IT', 'US'] })],
  ['filter IN with a null', rawRows({ col: 'note', op: 'IN', val: ['a', null] })],
  ['filter IS TRUE', rawRows({ col: 'is_promo', op: 'IS TRUE' })],
  ['filter IS FALSE', rawRows({ col: 'is_promo', op: 'IS FALSE' })],
  ['filter == with a quote', rawRows({ col: 'note', op: '==', val: "O'Brien" })],
  [
    'filter TEMPORAL_RANGE',
    rawRows({ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-02 : 2024-02-14T18:20:00' }),
  ],
  [
    'filter on a column the dataset lacks is rejected',
    {
      columns: ['country'],
      metrics: ['count'],
      filters: [{ col: 'no_such_column', op: '==', val: 'x' }],
      orderby: [['country', true]],
    },
  ],
  [
    'extras.where',
    {
      columns: ['product'],
      metrics: ['sum_num'],
      extras: { where: "product <> 'apple'" },
      orderby: [['product', true]],
    },
  ],
  [
    'having',
    {
      columns: ['country'],
      metrics: ['sum_num'],
      extras: { having: 'SUM(num) > 20' },
      orderby: [['sum_num', false]],
    },
  ],
  [
    'series limit',
    {
      columns: [xAxis('P1M'), 'country'],
      metrics: ['sum_num'],
      series_columns: ['country'],
      series_limit: 2,
      orderby: [
        ['ds', true],
        ['country', true],
      ],
    },
  ],
  [
    'series limit by another metric, ascending',
    {
      columns: ['country'],
      metrics: ['count'],
      series_columns: ['country'],
      series_limit: 2,
      series_limit_metric: 'sum_num',
      order_desc: false,
      orderby: [['country', true]],
    },
  ],
  [
    'order by a metric not selected, limit and offset',
    {
      columns: ['country'],
      metrics: ['count'],
      orderby: [
        [{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MAX' }, false],
      ],
      row_limit: 2,
      row_offset: 1,
    },
  ],
  [
    'calculated column',
    {
      columns: ['product'],
      metrics: [
        {
          expressionType: 'SIMPLE',
          column: { column_name: 'revenue' },
          aggregate: 'SUM',
          label: 'rev',
        },
      ],
      orderby: [['product', true]],
    },
  ],
  [
    'adhoc SQL column',
    {
      columns: [{ sqlExpression: "CASE WHEN num > 5 THEN 'big' ELSE 'small' END", label: 'size' }],
      metrics: ['count'],
      orderby: [['size', true]],
    },
  ],
  ['row count', { columns: ['country'], metrics: ['count'], is_rowcount: true }],
  [
    'legacy time range on the granularity column',
    {
      columns: ['country'],
      metrics: ['count'],
      granularity: 'ds',
      time_range: '2024-01-01 : 2024-01-31',
      orderby: [['country', true]],
    },
  ],
];
