import type { TableSchemaAnswer, TabStateAnswer } from '@tessera/shared/api/sqllabState';
import { parseJsonObjectOrNull } from '@tessera/shared/json';
import type { MetadataStore } from '../platform/metadata/store.ts';
import { toQueryRecord } from '../sqllab/present.ts';
import { type QueryRow, queryLinks } from './queryLinks.ts';
import type { TableSchemaRow, TabStateRow } from './repository.ts';

/** Rows to the wire shapes of `/tabstateview/` and the bootstrap. */

export function toTableSchemaAnswer(row: TableSchemaRow): TableSchemaAnswer {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    description: parseJsonObjectOrNull(row.description),
    expanded: Boolean(row.expanded),
  };
}

export function toTabStateAnswer(
  row: TabStateRow,
  tables: TableSchemaRow[],
  latestQuery: Record<string, unknown> | null,
): TabStateAnswer {
  return {
    id: row.id,
    user_id: row.user_id,
    label: row.label,
    active: Boolean(row.active),
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table_schemas: tables.filter((t) => t.tab_state_id === row.id).map(toTableSchemaAnswer),
    sql: row.sql,
    query_limit: row.query_limit,
    latest_query: latestQuery,
    autorun: Boolean(row.autorun),
    template_params: row.template_params,
    hide_left_bar: Boolean(row.hide_left_bar),
    saved_query: row.saved_query_id === null ? null : { id: row.saved_query_id },
    extra_json: row.extra_json,
  };
}

/**
 * Query runs as SQL Lab's query record (sqllab/present.ts), keyed by client id. Database names
 * and user names are read in one round trip each.
 */
export async function toQueryRecords(
  store: MetadataStore,
  rows: QueryRow[],
): Promise<Map<string, Record<string, unknown>>> {
  const names = await queryLinks.databaseNames(
    store.db,
    rows.map((r) => r.database_id),
  );
  const users = await queryLinks.userNames(
    store.db,
    rows.map((r) => r.user_id).filter((id): id is number => id !== null),
  );
  return new Map(
    rows.map((row) => {
      const user = row.user_id === null ? undefined : users.get(row.user_id);
      const record = toQueryRecord({
        ...row,
        database_name: names.get(row.database_id) ?? null,
        first_name: user?.first_name ?? null,
        last_name: user?.last_name ?? null,
        username: user?.username ?? null,
      });
      return [row.client_id, record as unknown as Record<string, unknown>];
    }),
  );
}
