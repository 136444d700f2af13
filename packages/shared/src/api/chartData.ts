import { z } from 'zod';

/**
 * The chart-data contract (reference/superset-api.md, "Chart data"): the query context a client
 * posts to `POST /api/v1/chart/data` and the answer. Objects pass unknown keys through because
 * Superset clients send many keys this server does not read (optionName, hasCustomLabel, ...).
 */

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;

export const FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IS NULL',
  'IS NOT NULL',
  'IN',
  'NOT IN',
  'IS TRUE',
  'IS FALSE',
  'TEMPORAL_RANGE',
  'LATEST PARTITION',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export const RESULT_TYPES = [
  'full',
  'query',
  'results',
  'samples',
  'columns',
  'timegrains',
  'post_processed',
  'drill_detail',
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** A column as a dataset column's name (physical or calculated). */
const ColumnRef = z.looseObject({
  column_name: z.string(),
});

export const AdhocMetric = z.looseObject({
  expressionType: z.enum(['SIMPLE', 'SQL']),
  column: ColumnRef.nullish(),
  aggregate: z.enum(AGGREGATES).nullish(),
  sqlExpression: z.string().nullish(),
  label: z.string().nullish(),
});
export type AdhocMetric = z.infer<typeof AdhocMetric>;

export const Metric = z.union([z.string(), AdhocMetric]);
export type Metric = z.infer<typeof Metric>;

export const AdhocColumn = z.looseObject({
  sqlExpression: z.string(),
  label: z.string().nullish(),
  columnType: z.enum(['BASE_AXIS', 'SERIES']).nullish(),
  timeGrain: z.string().nullish(),
  expressionType: z.literal('SQL').nullish(),
});
export type AdhocColumn = z.infer<typeof AdhocColumn>;

export const Column = z.union([z.string(), AdhocColumn]);
export type Column = z.infer<typeof Column>;

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const QueryObjectFilter = z.looseObject({
  col: Column,
  op: z.enum(FILTER_OPERATORS),
  val: z.union([Scalar, z.array(Scalar)]).optional(),
  grain: z.string().nullish(),
  isExtra: z.boolean().nullish(),
});
export type QueryObjectFilter = z.infer<typeof QueryObjectFilter>;

export const QueryObjectExtras = z.looseObject({
  where: z.string().nullish(),
  having: z.string().nullish(),
  time_grain_sqla: z.string().nullish(),
  relative_start: z.string().nullish(),
  relative_end: z.string().nullish(),
});
export type QueryObjectExtras = z.infer<typeof QueryObjectExtras>;

export const PostProcessingRule = z.looseObject({
  operation: z.string(),
  options: z.record(z.string(), z.unknown()).nullish(),
});
export type PostProcessingRule = z.infer<typeof PostProcessingRule>;

export const OrderByItem = z.tuple([Metric, z.boolean()]);

export const QueryObject = z.looseObject({
  columns: z.array(Column).nullish(),
  metrics: z.array(Metric).nullish(),
  filters: z.array(QueryObjectFilter).nullish(),
  extras: QueryObjectExtras.nullish(),
  time_range: z.string().nullish(),
  granularity: z.string().nullish(),
  row_limit: z.number().int().min(0).nullish(),
  row_offset: z.number().int().min(0).nullish(),
  orderby: z.array(OrderByItem).nullish(),
  order_desc: z.boolean().nullish(),
  series_columns: z.array(Column).nullish(),
  series_limit: z.number().int().min(0).nullish(),
  series_limit_metric: Metric.nullish(),
  is_timeseries: z.boolean().nullish(),
  time_offsets: z.array(z.string()).nullish(),
  post_processing: z.array(PostProcessingRule.nullable()).nullish(),
  annotation_layers: z.array(z.record(z.string(), z.unknown())).nullish(),
  applied_time_extras: z.record(z.string(), z.unknown()).nullish(),
  url_params: z.record(z.string(), z.string()).nullish(),
  is_rowcount: z.boolean().nullish(),
  result_type: z.enum(RESULT_TYPES).nullish(),
});
export type QueryObject = z.infer<typeof QueryObject>;

export const QueryContext = z.looseObject({
  datasource: z.looseObject({
    id: z.union([z.number().int(), z.string()]),
    type: z.string(),
  }),
  queries: z.array(QueryObject),
  form_data: z.record(z.string(), z.unknown()).nullish(),
  force: z.boolean().nullish(),
  result_format: z.enum(RESULT_FORMATS).nullish(),
  result_type: z.enum(RESULT_TYPES).nullish(),
  custom_cache_timeout: z.number().int().nullish(),
});
export type QueryContext = z.infer<typeof QueryContext>;

/** 0 numeric, 1 string, 2 temporal, 3 boolean. */
export type GenericDataType = 0 | 1 | 2 | 3;

/** One query's result in a chart-data answer (Superset's ChartDataResponseResult). */
export const ChartDataQueryResult = z.object({
  cache_key: z.string().nullable(),
  cached_dttm: z.string().nullable(),
  cache_timeout: z.number().nullable(),
  is_cached: z.boolean().nullable(),
  query: z.string(),
  status: z.enum(['success', 'failed']),
  error: z.string().nullable(),
  stacktrace: z.null(),
  rowcount: z.number(),
  sql_rowcount: z.number(),
  from_dttm: z.number().nullable(),
  to_dttm: z.number().nullable(),
  label_map: z.record(z.string(), z.array(z.string())),
  colnames: z.array(z.string()),
  indexnames: z.array(z.union([z.string(), z.number()])),
  coltypes: z.array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
  data: z.array(z.record(z.string(), z.unknown())),
  result_format: z.enum(RESULT_FORMATS),
  applied_template_filters: z.array(z.string()),
  applied_filters: z.array(z.object({ column: z.string() })),
  rejected_filters: z.array(z.object({ reason: z.string(), column: z.string() })),
  annotation_data: z.record(z.string(), z.unknown()),
});
export type ChartDataQueryResult = z.infer<typeof ChartDataQueryResult>;

/**
 * `POST /api/v1/chart/data` (JSON result types). Which fields a result carries depends on
 * `result_type` (`samples` and `query` answer fewer), so each is optional here; the ones named
 * keep their types and the rest pass through.
 */
export const ChartDataAnswer = z.object({
  result: z.array(ChartDataQueryResult.partial().loose()),
});
export type ChartDataAnswer = z.infer<typeof ChartDataAnswer>;

/** The most query contexts one `POST /api/v1/chart/data/batch` takes. */
export const CHART_DATA_BATCH_MAX = 100;
export const chartDataBatchTooLargeMessage = (max: number) =>
  `A batch takes at most ${max} query contexts`;

/**
 * `POST /api/v1/chart/data/batch` (a Tessera extension): several chart-data calls in one request,
 * so a dashboard is not held back by the browser's six connections per host. Entries are
 * validated one by one: a bad entry gets its own 400 and the others still run.
 */
export const ChartDataBatchBody = z.object({
  queries: z
    .array(z.unknown())
    .min(1, 'A batch takes at least one query context')
    .max(CHART_DATA_BATCH_MAX, chartDataBatchTooLargeMessage(CHART_DATA_BATCH_MAX)),
});
export interface ChartDataBatchRequest {
  queries: QueryContext[];
}

/** One entry of the answer, in the order of the request: the chart-data answer or its error. */
export const ChartDataBatchEntry = z.union([
  z.object({ status: z.literal(200), result: ChartDataAnswer.shape.result }),
  z.object({
    status: z.number(),
    message: z.union([z.string(), z.record(z.string(), z.array(z.string()))]).optional(),
    errors: z
      .array(
        z.object({
          message: z.string(),
          error_type: z.string(),
          level: z.string(),
          extra: z.unknown(),
        }),
      )
      .optional(),
  }),
]);
export type ChartDataBatchEntry = z.infer<typeof ChartDataBatchEntry>;

export const ChartDataBatchAnswer = z.object({ result: z.array(ChartDataBatchEntry) });
export type ChartDataBatchAnswer = z.infer<typeof ChartDataBatchAnswer>;

/** `POST /datasource/samples` body: filters narrowing the sample rows. */
export const SamplesBody = z
  .looseObject({
    filters: z.array(QueryObjectFilter).nullish(),
    granularity: z.string().nullish(),
    time_range: z.string().nullish(),
    extras: QueryObjectExtras.nullish(),
  })
  .nullish();

/** `POST /datasource/samples` query string. */
export const SamplesQuery = z.object({
  datasource_type: z.string().min(1),
  datasource_id: z.coerce.number().int().positive(),
  force: z.string().optional(),
  page: z.coerce.number().int().optional(),
  per_page: z.coerce.number().int().optional(),
});

/** A page of a dataset's sample rows: one chart-data result with its paging. */
export const SamplesAnswer = z.object({
  result: ChartDataQueryResult.partial()
    .loose()
    .extend({ page: z.number(), per_page: z.number(), total_count: z.number() }),
});
export type SamplesAnswer = z.infer<typeof SamplesAnswer>;

/** The query string of the chart-data reads. */
export const ChartDataQueryString = z.looseObject({
  form_data: z.string().optional(),
  dashboard_id: z.string().optional(),
  force: z.string().optional(),
});
