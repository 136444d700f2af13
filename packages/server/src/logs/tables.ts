import type { Generated } from 'kysely';

/** Row type of `logs` (migration 0007): one logged action or client event, Superset's Log model. */
export interface DbLog {
  id: Generated<number>;
  action: string | null;
  user_id: number | null;
  /** The event as sent (client events) or the details of a server-side failure, as JSON text. */
  json: string | null;
  /** ISO-8601 text, like every time in the metadata store. */
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

export interface LogTables {
  logs: DbLog;
}
