import type { Generated } from 'kysely';

/** Row type of saved queries (migration 0003). Times ISO text. */
export interface DbSavedQuery {
  id: Generated<number>;
  uuid: string;
  /** The creator: the only user who sees the saved query. */
  user_id: number | null;
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  /** JSON text as the editor holds it. */
  template_parameters: string | null;
  extra_json: string;
  rows: number | null;
  last_run: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface SavedQueryTables {
  saved_query: DbSavedQuery;
}
