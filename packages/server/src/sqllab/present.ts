import type { QueryItem, QueryListItem, QueryRecord } from '@tessera/shared/api/sqllab';
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

const num = (value: number | string | null): number | null =>
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

/** `GET /api/v1/query/{id}`'s result. */
export function toQueryItem(row: QueryRowWithNames): QueryItem {
  return {
    id: row.id,
    changed_on: row.changed_on,
    client_id: row.client_id,
    database: { id: row.database_id },
    end_result_backend_time: num(row.end_result_backend_time),
    end_time: num(row.end_time),
    error_message: row.error_message,
    executed_sql: row.executed_sql,
    limit: row.limit,
    progress: row.progress,
    results_key: row.results_key,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    select_as_cta: Boolean(row.select_as_cta),
    select_as_cta_used: Boolean(row.select_as_cta_used),
    select_sql: row.select_sql,
    sql: row.sql,
    sql_editor_id: row.sql_editor_id,
    start_running_time: num(row.start_running_time),
    start_time: num(row.start_time),
    status: row.status,
    tab_name: row.tab_name,
    tmp_schema_name: row.tmp_schema_name,
    tmp_table_name: row.tmp_table_name,
    tracking_url: row.tracking_url,
  };
}

export function toQueryListItem(
  row: QueryRowWithNames,
  tables: QueryListItem['sql_tables'],
): QueryListItem {
  return {
    id: row.id,
    changed_on: row.changed_on,
    database: { database_name: row.database_name },
    executed_sql: row.executed_sql,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    sql_tables: tables,
    status: row.status,
    tab_name: row.tab_name,
    user: { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
    start_time: num(row.start_time),
    end_time: num(row.end_time),
    tmp_table_name: row.tmp_table_name,
    tracking_url: row.tracking_url,
  };
}
