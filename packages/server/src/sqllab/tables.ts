import type { Generated } from 'kysely';

/** Row type of `query` (migration 0002): one SQL Lab run, Superset's Query model. */
export interface DbQuery {
  id: Generated<number>;
  /** The 11-character id the client generated; the wire's `id`. */
  client_id: string;
  database_id: number;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  user_id: number | null;
  status: string;
  tab_name: string | null;
  sql_editor_id: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  limit: number | null;
  limiting_factor: Generated<string>;
  select_as_cta: Generated<number>;
  select_as_cta_used: Generated<number>;
  ctas_method: Generated<string>;
  progress: Generated<number>;
  rows: number | null;
  error_message: string | null;
  results_key: string | null;
  /** Epoch milliseconds, as Superset keeps them. */
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  end_result_backend_time: number | null;
  tracking_url: string | null;
  changed_on: string;
  extra_json: Generated<string>;
  /** Lease of the process holding the query (pending in its queue, or running). */
  heartbeat_ms: number | null;
}

export interface SqllabQueryTables {
  query: DbQuery;
}
