import type { QueryRecord } from '@tessera/shared/api/sqllab';
import type { QueryRowWithNames } from './repository.ts';

export function parseExtraJson(text: string | null | undefined): Record<string, unknown> {
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

/** Display name as Superset's `user_name()`: first and last name, else the username. */
function userName(row: QueryRowWithNames): string | null {
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return full || row.username || null;
}

/** Epoch milliseconds, which a bigint column may hand back as text. */
export const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** A query run as Superset's `Query.to_dict()` answers it. */
export function toQueryRecord(row: QueryRowWithNames): QueryRecord {
  return {
    changed_on: row.changed_on,
    dbId: row.database_id,
    db: row.database_name,
    endDttm: num(row.end_time),
    errorMessage: row.error_message,
    executedSql: row.executed_sql,
    id: row.client_id,
    queryId: row.id,
    limit: row.limit,
    limitingFactor: row.limiting_factor,
    progress: row.progress,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    ctas: Boolean(row.select_as_cta),
    serverId: row.id,
    sql: row.sql,
    sqlEditorId: row.sql_editor_id,
    startDttm: num(row.start_time),
    state: row.status.toLowerCase(),
    tab: row.tab_name,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: userName(row),
    resultsKey: row.results_key,
    trackingUrl: row.tracking_url,
    extra: parseExtraJson(row.extra_json),
  };
}
