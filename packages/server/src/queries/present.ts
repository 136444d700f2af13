import type { QueryItem, QueryListItem } from '@tessera/shared/api/sqllab';
import { num } from '../sqllab/present.ts';
import type { QueryRowWithNames } from '../sqllab/repository.ts';

/** Rows of SQL Lab's `query` table as the history routes answer them. */

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
