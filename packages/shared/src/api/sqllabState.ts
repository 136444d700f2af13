import { z } from 'zod';

/**
 * The contract of SQL Lab's server-side state: `/tabstateview/`, `/tableschemaview/` and the
 * `GET /api/v1/sqllab/` bootstrap (reference/superset-api.md, "SQL Lab").
 *
 * Superset's client posts these routes as form fields whose values are JSON text (each value
 * `JSON.stringify`-ed, sent as multipart/form-data); the server also takes a JSON body holding
 * the values themselves. The schemas below describe the decoded values. The pure functions at the
 * end map between the client's query-editor names and the server's (spec section 3).
 */

/** A JSON-ish id: the client sometimes holds numeric ids as strings (`"12"`). */
const numericId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d+$/, 'Must be a positive integer.')
    .transform((s) => Number(s)),
]);

const nullableText = z.string().nullable().optional();

/**
 * The client's query editor as posted in the `queryEditor` field of `POST /tabstateview/`.
 * Unknown keys (id, selectedText, cursorPosition, ...) are accepted and ignored, as Superset does.
 */
export const QueryEditorPayload = z.looseObject({
  name: nullableText,
  /** Older clients named the tab `title`. */
  title: nullableText,
  dbId: numericId.nullable().optional(),
  catalog: nullableText,
  schema: nullableText,
  sql: nullableText,
  queryLimit: z.number().int().min(0).nullable().optional(),
  autorun: z.boolean().nullable().optional(),
  /** JSON text as the editor holds it (an object is accepted and stored as its JSON text). */
  templateParams: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  hideLeftBar: z.boolean().nullable().optional(),
  /** Id of the saved query the editor was opened from. */
  remoteId: numericId.nullable().optional(),
  latestQueryId: z.string().max(11).nullable().optional(),
  /** `{updatedAt, version}`, as an object or as its JSON text. */
  extra_json: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
});
export type QueryEditorPayload = z.infer<typeof QueryEditorPayload>;

/** Fields `PUT /tabstateview/{id}` may carry (each JSON-encoded in a form body). */
export const TabStateUpdate = z.strictObject({
  database_id: numericId.nullable().optional(),
  catalog: nullableText,
  schema: nullableText,
  sql: nullableText,
  label: z.string().max(256).nullable().optional(),
  query_limit: z.number().int().min(0).nullable().optional(),
  latest_query_id: z.string().max(11).nullable().optional(),
  template_params: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  hide_left_bar: z.boolean().nullable().optional(),
  autorun: z.boolean().nullable().optional(),
  saved_query_id: numericId.nullable().optional(),
  extra_json: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
});
export type TabStateUpdate = z.infer<typeof TabStateUpdate>;

/** The `table` field of `POST /tableschemaview/`: the client's table; all of it is kept. */
export const TableSchemaPayload = z.looseObject({
  dbId: numericId,
  queryEditorId: numericId,
  catalog: nullableText,
  schema: nullableText,
  name: z.string().min(1, 'Shorter than minimum length 1.').max(256),
  expanded: z.boolean().optional(),
});
export type TableSchemaPayload = z.infer<typeof TableSchemaPayload>;

export const TableSchemaAnswer = z.object({
  id: z.number(),
  tab_state_id: z.number(),
  database_id: z.number(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  table: z.string(),
  /** The stored table object (columns, selectStar, primaryKey, foreignKeys, indexes, ...). */
  description: z.record(z.string(), z.unknown()).nullable(),
  expanded: z.boolean(),
});
export type TableSchemaAnswer = z.infer<typeof TableSchemaAnswer>;

/**
 * A query record as SQL Lab answers it (`changed_on, dbId, db, endDttm, errorMessage, ...`);
 * its shape belongs to the query-execution contract, so it passes through untouched here.
 */
export const QueryRecordPassthrough = z.record(z.string(), z.unknown());

export const TabStateAnswer = z.object({
  id: z.number(),
  user_id: z.number(),
  label: z.string(),
  active: z.boolean(),
  database_id: z.number().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  table_schemas: z.array(TableSchemaAnswer),
  sql: z.string(),
  query_limit: z.number().nullable(),
  latest_query: QueryRecordPassthrough.nullable(),
  autorun: z.boolean(),
  template_params: z.string().nullable(),
  hide_left_bar: z.boolean(),
  saved_query: z.object({ id: z.number() }).nullable(),
  /** JSON text, as stored. */
  extra_json: z.string(),
});
export type TabStateAnswer = z.infer<typeof TabStateAnswer>;

export const IdAnswer = z.object({ id: z.number() });
export const ExpandedAnswer = z.object({ id: z.number(), expanded: z.boolean() });

/** A database as the SQL Lab bootstrap lists it (Superset's DATABASE_KEYS). */
export const SqllabDatabase = z.object({
  id: z.number(),
  database_name: z.string(),
  backend: z.string(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  allow_multi_catalog: z.boolean(),
  allows_subquery: z.boolean(),
  expose_in_sqllab: z.boolean(),
  force_ctas_schema: z.string().nullable(),
  disable_data_preview: z.boolean(),
  disable_drill_to_detail: z.boolean(),
  /** Beyond Superset's DATABASE_KEYS: SQL Lab offers Estimate only where it is true. */
  allows_cost_estimate: z.boolean().optional(),
});
export type SqllabDatabase = z.infer<typeof SqllabDatabase>;

export const SqllabBootstrapAnswer = z.object({
  result: z.object({
    active_tab: TabStateAnswer.nullable(),
    databases: z.record(z.string(), SqllabDatabase),
    queries: z.record(z.string(), QueryRecordPassthrough),
    tab_state_ids: z.array(z.object({ id: z.number(), label: z.string() })),
  }),
});
export type SqllabBootstrapAnswer = z.infer<typeof SqllabBootstrapAnswer>;

// ---------------------------------------------------------------------------------------------
// Client <-> server mapping (pure; the web client builds its requests and state with these).

/** The parts of the client's query editor that the server keeps. */
export interface QueryEditorState {
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  queryLimit: number | null;
  autorun: boolean;
  templateParams: string | null;
  hideLeftBar: boolean;
  /** Id of the saved query (the server's `saved_query.id`). */
  remoteId: number | null;
  latestQueryId: string | null;
  updatedAt?: number;
  version?: number;
}

/** A server tab state as the client's query editor; `tabViewId` is the server id as text. */
export function tabStateToQueryEditor(
  tab: TabStateAnswer,
): QueryEditorState & { id: string; tabViewId: string } {
  const extra = parseJsonObject(tab.extra_json);
  const latest = tab.latest_query as { id?: unknown } | null;
  return {
    id: String(tab.id),
    tabViewId: String(tab.id),
    name: tab.label,
    dbId: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    sql: tab.sql,
    queryLimit: tab.query_limit,
    autorun: tab.autorun,
    templateParams: tab.template_params,
    hideLeftBar: tab.hide_left_bar,
    remoteId: tab.saved_query?.id ?? null,
    latestQueryId: typeof latest?.id === 'string' ? latest.id : null,
    ...(typeof extra.updatedAt === 'number' ? { updatedAt: extra.updatedAt } : {}),
    ...(typeof extra.version === 'number' ? { version: extra.version } : {}),
  };
}

/** The full-set `PUT /tabstateview/{id}` fields for a query editor (undefined values left out). */
export function queryEditorToTabStateUpdate(
  editor: Partial<QueryEditorState>,
  extra?: { updatedAt?: number; version?: number },
): TabStateUpdate {
  const fields: TabStateUpdate = {
    database_id: editor.dbId,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: editor.sql,
    label: editor.name,
    query_limit: editor.queryLimit,
    latest_query_id: editor.latestQueryId,
    template_params: editor.templateParams,
    hide_left_bar: editor.hideLeftBar,
    autorun: editor.autorun,
    ...(extra ? { extra_json: JSON.stringify(extra) } : {}),
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as TabStateUpdate;
}

/**
 * Form fields as Superset's client sends them: every defined value JSON-encoded. Append them to a
 * FormData (or URLSearchParams) to post `/tabstateview/` and `/tableschemaview/`.
 */
export function toFormFields(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined) out[key] = JSON.stringify(value);
  }
  return out;
}

function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
