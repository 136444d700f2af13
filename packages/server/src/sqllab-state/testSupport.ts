import { databaseView } from '@tessera/shared/permissions';
import { databaseRepository } from '../databases/repository.ts';
import { nowIso } from '../platform/metadata/store.ts';
import { securityRepository } from '../security/repository.ts';
import type { TestApp } from '../testing/harness.ts';

/** Shared set-up of the SQL Lab state tests (tab state, table schemas, bootstrap, downloads). */

/** Registers a database row pointing at `uri` (nothing is opened until a query runs). */
export async function addDatabase(
  t: TestApp,
  name: string,
  options: { uri?: string; engine?: string; expose?: boolean; extra?: string } = {},
): Promise<number> {
  return databaseRepository.insert(
    t.store.db,
    {
      database_name: name,
      engine: options.engine ?? 'sqlite',
      sqlalchemy_uri: options.uri ?? `sqlite:///${t.home}/${name}.db`,
      password: null,
      configuration_method: 'sqlalchemy_form',
      expose_in_sqllab: options.expose ?? true,
      allow_run_async: false,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: false,
      force_ctas_schema: null,
      cache_timeout: null,
      extra: options.extra ?? '{}',
      encrypted_extra: null,
      is_managed_externally: false,
      external_url: null,
    },
    null,
  );
}

export async function grantToRole(
  t: TestApp,
  roleName: string,
  ...pairs: Array<[string, string]>
): Promise<void> {
  const role = await securityRepository.getRoleByName(t.store.db, roleName);
  if (!role) throw new Error(`${roleName} role missing`);
  await securityRepository.ensurePermissionViews(t.store.db, pairs);
  await securityRepository.setRolePermissions(t.store.db, role.id, pairs, 'add');
}

/** Gives a role `database_access` on a database. */
export async function grantDatabase(t: TestApp, roleName: string, id: number, name: string) {
  await grantToRole(t, roleName, ['database_access', databaseView(name, id)]);
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const row = await t.store.db
    .selectFrom('ab_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A body as Superset's client posts it: every value JSON-encoded into a FormData, which fetch
 * sends as multipart/form-data.
 */
export async function multipartBody(
  fields: Record<string, unknown>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, JSON.stringify(value));
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** The same fields urlencoded (what a plain HTML form or URLSearchParams sends). */
export function urlencodedBody(fields: Record<string, unknown>): {
  payload: string;
  headers: Record<string, string>;
} {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.append(key, JSON.stringify(value));
  return {
    payload: params.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** A finished SQL Lab run in `query`, as the execution side records it. */
export async function insertQuery(
  t: TestApp,
  row: {
    clientId: string;
    databaseId: number;
    userId: number;
    tabId?: number | string | null;
    sql?: string;
    status?: string;
  },
): Promise<number> {
  const sql = row.sql ?? 'SELECT 1';
  const inserted = await t.store.db
    .insertInto('query')
    .values({
      client_id: row.clientId,
      database_id: row.databaseId,
      user_id: row.userId,
      status: row.status ?? 'success',
      tab_name: 'Untitled Query 1',
      sql_editor_id: row.tabId === undefined || row.tabId === null ? null : String(row.tabId),
      catalog: null,
      schema: 'main',
      sql,
      select_sql: sql,
      executed_sql: sql,
      limit: 1000,
      rows: 1,
      error_message: null,
      results_key: null,
      start_time: Date.now(),
      start_running_time: Date.now(),
      end_time: Date.now(),
      end_result_backend_time: null,
      tracking_url: null,
      tmp_table_name: null,
      tmp_schema_name: null,
      changed_on: nowIso(),
      heartbeat_ms: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
