import type { Generated } from 'kysely';

/** Row types of SQL Lab's server-side tabs (migration 0003). Booleans 0/1, times ISO text. */

export interface DbTabState {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: number;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  /** Client id (11 characters) of the tab's latest run in `query`. */
  latest_query_id: string | null;
  autorun: number;
  /** JSON text as the editor holds it. */
  template_params: string | null;
  hide_left_bar: number;
  saved_query_id: number | null;
  /** JSON text: the client's `{updatedAt, version}`. */
  extra_json: string;
  created_on: string;
  changed_on: string;
}

export interface DbTableSchema {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** JSON text: the client's table object (columns, selectStar, keys, indexes, ...). */
  description: string;
  expanded: number;
  created_on: string;
  changed_on: string;
}

export interface SqllabStateTables {
  tab_state: DbTabState;
  table_schema: DbTableSchema;
}
