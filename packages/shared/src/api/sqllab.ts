import { z } from 'zod';

/**
 * The contract of SQL Lab's query runs: `/api/v1/sqllab/execute|results|estimate|format_sql|
 * permalink` and `/api/v1/query/` (reference/superset-api.md, "SQL Lab"; spec/sql-editor.md
 * sections 3, 4 and 9). Server routes validate with these schemas; the web client imports them.
 */

// ---- States (spec section 4) -------------------------------------------------------------

export const QUERY_STATES = [
  'started',
  'stopped',
  'failed',
  'pending',
  'running',
  'scheduled',
  'success',
  'fetching',
  'timed_out',
] as const;
export type QueryState = (typeof QUERY_STATES)[number];

export const ACTIVE_QUERY_STATES: readonly QueryState[] = [
  'running',
  'started',
  'pending',
  'fetching',
  'scheduled',
];
export const FINISHED_QUERY_STATES: readonly QueryState[] = [
  'stopped',
  'failed',
  'success',
  'timed_out',
];

export const isActiveQueryState = (state: string): boolean =>
  (ACTIVE_QUERY_STATES as readonly string[]).includes(state);
export const isFinishedQueryState = (state: string): boolean =>
  (FINISHED_QUERY_STATES as readonly string[]).includes(state);

// ---- Constants (spec section 9) ----------------------------------------------------------

/** Client ids are 11 characters (Superset's `shortid`-style ids). */
export const CLIENT_ID_LENGTH = 11;
const CLIENT_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';

export function isValidClientId(id: string): boolean {
  return id.length > 0 && id.length <= CLIENT_ID_LENGTH && /^[A-Za-z0-9_-]+$/.test(id);
}

/** An 11-character client id from a random source (crypto.getRandomValues in both runtimes). */
export function newClientId(): string {
  const bytes = new Uint8Array(CLIENT_ID_LENGTH);
  // Web Crypto exists in browsers and Node 20; `shared` is compiled without DOM or Node types.
  (
    globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }
  ).crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => CLIENT_ID_ALPHABET[b % CLIENT_ID_ALPHABET.length]).join('');
}

/** The row-limit dropdown's options, capped by SQL_MAX_ROW where they exceed it. */
export const QUERY_LIMIT_OPTIONS = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const DEFAULT_QUERY_LIMIT = 10000;
/** SQL_MAX_ROW when the server does not say otherwise. */
export const DEFAULT_SQL_MAX_ROW = 100000;
/** Superset's DISPLAY_MAX_ROW: the most rows a JSON answer carries before `displayLimitReached`. */
export const DISPLAY_MAX_ROW = 10000;

/** The spec's options below SQL_MAX_ROW, then SQL_MAX_ROW itself last, as Superset lists them. */
export function queryLimitOptions(maxRow: number = DEFAULT_SQL_MAX_ROW): number[] {
  return [...QUERY_LIMIT_OPTIONS.filter((option) => option < maxRow), maxRow];
}

export const LIMITING_FACTORS = [
  'QUERY',
  'DROPDOWN',
  'QUERY_AND_DROPDOWN',
  'NOT_LIMITED',
  'UNKNOWN',
] as const;
export type LimitingFactor = (typeof LIMITING_FACTORS)[number];

export const CTAS_METHODS = ['TABLE', 'VIEW'] as const;
export type CtasMethod = (typeof CTAS_METHODS)[number];

export const TMP_TABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The media type of the Arrow variant of `GET /api/v1/sqllab/results/`: a request whose Accept
 * header names it gets the stored rows as an Arrow IPC stream (columnar, no per-row JSON). The
 * schema's metadata carries `tessera.columns` (the JSON `columns` list); the answer's headers carry
 * `x-tessera-rows` (rows in the stream), `x-tessera-display-limit-reached` (`true`/`false`) and
 * `x-tessera-query-id` (the server id of the query).
 */
export const ARROW_STREAM_MEDIA_TYPE = 'application/vnd.apache.arrow.stream';
export const ARROW_COLUMNS_METADATA_KEY = 'tessera.columns';

/** Message of a query whose process died while it ran (the sweep sets it). */
export const INTERRUPTED_QUERY_MESSAGE = 'The query was interrupted because its worker stopped';

// ---- Bodies and answers ------------------------------------------------------------------

const nullableText = z.string().nullable().optional();

export const ExecuteBody = z.object({
  database_id: z.number().int(),
  sql: z.string(),
  client_id: z
    .string()
    .max(CLIENT_ID_LENGTH, `Longer than maximum length ${CLIENT_ID_LENGTH}.`)
    .nullable()
    .optional(),
  queryLimit: z.number().int().min(0).nullable().optional(),
  sql_editor_id: nullableText,
  catalog: nullableText,
  schema: nullableText,
  tab: nullableText,
  ctas_method: z.enum(CTAS_METHODS).nullable().optional(),
  templateParams: nullableText,
  tmp_table_name: nullableText,
  select_as_cta: z.boolean().nullable().optional(),
  json: z.boolean().nullable().optional(),
  runAsync: z.boolean().nullable().optional(),
  expand_data: z.boolean().nullable().optional(),
});
export type ExecuteBody = z.infer<typeof ExecuteBody>;

/** A query run as Superset's `Query.to_dict()` answers it. */
export const QueryRecord = z.object({
  changed_on: z.string(),
  dbId: z.number(),
  db: z.string().nullable(),
  endDttm: z.number().nullable(),
  errorMessage: z.string().nullable(),
  executedSql: z.string().nullable(),
  id: z.string(),
  queryId: z.number(),
  limit: z.number().nullable(),
  limitingFactor: z.string(),
  progress: z.number(),
  rows: z.number().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  ctas: z.boolean(),
  serverId: z.number(),
  sql: z.string(),
  sqlEditorId: z.string().nullable(),
  startDttm: z.number().nullable(),
  state: z.string(),
  tab: z.string().nullable(),
  tempSchema: z.string().nullable(),
  tempTable: z.string().nullable(),
  userId: z.number().nullable(),
  user: z.string().nullable(),
  resultsKey: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
});
export type QueryRecord = z.infer<typeof QueryRecord>;

export const ResultColumnSchema = z.object({
  name: z.string(),
  column_name: z.string(),
  type: z.string().nullable(),
  type_generic: z.number(),
  is_dttm: z.boolean(),
});
export type ResultColumnSchema = z.infer<typeof ResultColumnSchema>;

/** The synchronous answer of execute, and what `GET /results/` answers. */
export const QueryResultsPayload = z.object({
  query_id: z.number(),
  status: z.string(),
  data: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(ResultColumnSchema),
  selected_columns: z.array(ResultColumnSchema),
  expanded_columns: z.array(ResultColumnSchema),
  query: QueryRecord,
  displayLimitReached: z.boolean().optional(),
});
export type QueryResultsPayload = z.infer<typeof QueryResultsPayload>;

export const AsyncExecuteAnswer = z.object({ query: QueryRecord });
export type AsyncExecuteAnswer = z.infer<typeof AsyncExecuteAnswer>;

/** `q` of `GET /api/v1/sqllab/results/`. */
export const ResultsQuery = z.object({
  key: z.string().min(1),
  rows: z.number().int().min(0).optional(),
});
export type ResultsQuery = z.infer<typeof ResultsQuery>;

/** Estimate's template_params arrive as an object (Superset) or as JSON text (older clients). */
export const EstimateBody = z.object({
  database_id: z.number().int(),
  sql: z.string(),
  template_params: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .nullable()
    .optional(),
  catalog: nullableText,
  schema: nullableText,
});
export type EstimateBody = z.infer<typeof EstimateBody>;

export const EstimateAnswer = z.object({
  result: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});

export const FormatSqlBody = z.object({
  sql: z.string(),
  engine: z.string().nullable().optional(),
  database_id: z.number().int().nullable().optional(),
  template_params: z.string().nullable().optional(),
});
export type FormatSqlBody = z.infer<typeof FormatSqlBody>;

export const FormatSqlAnswer = z.object({ result: z.string() });

export const PermalinkBody = z.object({
  dbId: z.number().int(),
  name: z.string(),
  sql: z.string(),
  catalog: nullableText,
  schema: nullableText,
  templateParams: nullableText,
  autorun: z.boolean().optional(),
});
export type PermalinkBody = z.infer<typeof PermalinkBody>;

export const PermalinkCreatedAnswer = z.object({ key: z.string(), url: z.string() });
export const PermalinkValue = PermalinkBody;

// ---- /api/v1/query/ ----------------------------------------------------------------------

export const StopBody = z.object({ client_id: z.string().min(1) });
export const StopAnswer = z.object({ result: z.literal('OK') });

export const UpdatedSinceQuery = z.object({ last_updated_ms: z.number() });
export const UpdatedSinceAnswer = z.object({ result: z.array(QueryRecord) });

/** `GET /api/v1/query/{id}`'s result (Superset's QueryRestApi show columns). */
export const QueryItem = z.object({
  id: z.number(),
  changed_on: z.string(),
  client_id: z.string(),
  database: z.object({ id: z.number() }),
  end_result_backend_time: z.number().nullable(),
  end_time: z.number().nullable(),
  error_message: z.string().nullable(),
  executed_sql: z.string().nullable(),
  limit: z.number().nullable(),
  progress: z.number(),
  results_key: z.string().nullable(),
  rows: z.number().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  select_as_cta: z.boolean(),
  select_as_cta_used: z.boolean(),
  select_sql: z.string().nullable(),
  sql: z.string(),
  sql_editor_id: z.string().nullable(),
  start_running_time: z.number().nullable(),
  start_time: z.number().nullable(),
  status: z.string(),
  tab_name: z.string().nullable(),
  tmp_schema_name: z.string().nullable(),
  tmp_table_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type QueryItem = z.infer<typeof QueryItem>;
export const QueryItemAnswer = z.object({ id: z.number(), result: QueryItem });

/** One row of `GET /api/v1/query/` (Superset's list columns). */
export const QueryListItem = z.object({
  id: z.number(),
  changed_on: z.string(),
  database: z.object({ database_name: z.string().nullable() }),
  executed_sql: z.string().nullable(),
  rows: z.number().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string(),
  sql_tables: z.array(
    z.object({ table: z.string(), schema: z.string().nullable(), catalog: z.string().nullable() }),
  ),
  status: z.string(),
  tab_name: z.string().nullable(),
  user: z.object({ id: z.number().nullable(), first_name: z.string(), last_name: z.string() }),
  start_time: z.number().nullable(),
  end_time: z.number().nullable(),
  tmp_table_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type QueryListItem = z.infer<typeof QueryListItem>;

export const QueryListAnswer = z.object({
  count: z.number(),
  ids: z.array(z.number()),
  result: z.array(QueryListItem),
  list_columns: z.array(z.string()),
  label_columns: z.record(z.string(), z.string()),
  description_columns: z.record(z.string(), z.string()),
  order_columns: z.array(z.string()),
  list_title: z.string(),
});
export type QueryListAnswer = z.infer<typeof QueryListAnswer>;
