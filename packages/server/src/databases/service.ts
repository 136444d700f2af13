import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import {
  DATABASE_FILTER_COLUMNS,
  DATABASE_LIST_COLUMNS,
  DATABASE_ORDER_COLUMNS,
  type DatabaseCreateBody,
  type DatabaseItemAnswer,
  type DatabaseListAnswer,
  type DatabaseListItem,
  type DatabaseTestConnectionBody,
  type DatabaseUpdateBody,
  DUPLICATE_NAME_MESSAGE,
} from '@tessera/shared/api/databases';
import { badRequest, notFound, TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { listEngineSpecs } from '../engines/registry.ts';
import { labelOf, listEnvelope, pageOf } from '../platform/listing.ts';
import { SecretBox } from '../platform/secrets.ts';
import { type Actor, requireAdmin, requirePermission } from '../security/actor.ts';
import { canSeeDatabase, principalOf } from './access.ts';
import {
  connectionExtra,
  lookupSpec,
  parseExtra,
  type StoredConnection,
  storedConnection,
  testConnection,
} from './connections.ts';
import { assertLengths, MAX_TEXT } from './limits.ts';
import { availableEngine, toItem, toListItem } from './present.ts';
import { type DatabaseRow, type DatabaseWrite, databaseRepository } from './repository.ts';
import { assertSafeConnection, isUnsafeEngine } from './unsafe.ts';
import {
  CREATE_DEFAULTS,
  insertDatabase,
  optionFields,
  type ResolvedConnection,
  resolveConnection,
  resolveEncryptedExtra,
  resolveExtra,
} from './write.ts';

/**
 * The rules of `/api/v1/database/`: permissions, visibility, masking, validation beyond the
 * schema. Routes stay thin and call these. Nothing here logs a URI, a password or an extra.
 */

const READ: [string, string] = ['can_read', 'Database'];
const WRITE: [string, string] = ['can_write', 'Database'];

const duplicateName = () =>
  new TesseraError(422, 'Invalid input', { fields: { database_name: [DUPLICATE_NAME_MESSAGE] } });

function secretsOf(ctx: AppContext): SecretBox {
  return new SecretBox(ctx.config.secretKey);
}

/** The database if the caller may see it; 404 otherwise, so ids of hidden databases leak nothing. */
export async function visibleDatabase(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<DatabaseRow> {
  const row = await databaseRepository.get(ctx.store.db, id);
  if (!row || !canSeeDatabase(principalOf(actor), row)) throw notFound();
  return row;
}

export async function listDatabases(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<DatabaseListAnswer> {
  requirePermission(actor, ...READ);
  const principal = principalOf(actor);
  const rows = (await databaseRepository.list(ctx.store.db)).filter((row) =>
    canSeeDatabase(principal, row),
  );
  const users = await databaseRepository.userNames(
    ctx.store.db,
    rows
      .flatMap((r) => [r.created_by_fk, r.changed_by_fk])
      .filter((id): id is number => id !== null),
  );
  let items = rows.map((row) => toListItem(row, users));
  for (const filter of q.filters ?? []) items = items.filter(filterPredicate(filter));
  items = sortItems(
    items,
    q.order_column ?? 'changed_on_delta_humanized',
    q.order_direction ?? 'desc',
  );
  const pageItems = pageOf(items, q);
  return listEnvelope(
    {
      count: items.length,
      ids: pageItems.map((i) => i.id),
      result: q.columns
        ? pageItems.map((item) => pickColumns(item, q.columns as string[]))
        : pageItems,
    },
    {
      title: 'List Database',
      listColumns: DATABASE_LIST_COLUMNS,
      orderColumns: DATABASE_ORDER_COLUMNS,
      label: labelOf,
    },
    q.keys,
  );
}

function filterPredicate(filter: ListFilter): (item: DatabaseListItem) => boolean {
  if (!(DATABASE_FILTER_COLUMNS as readonly string[]).includes(filter.col)) {
    throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  }
  const column = filter.col as (typeof DATABASE_FILTER_COLUMNS)[number];
  if (column === 'database_name') {
    if (typeof filter.value !== 'string')
      throw badRequest('Not a valid rison schema: filters.value must be a string');
    const needle = filter.value.toLowerCase();
    const ops: Record<string, (name: string) => boolean> = {
      ct: (name) => name.toLowerCase().includes(needle),
      eq: (name) => name === filter.value,
      neq: (name) => name !== filter.value,
      sw: (name) => name.toLowerCase().startsWith(needle),
      ew: (name) => name.toLowerCase().endsWith(needle),
    };
    const op = ops[filter.opr];
    if (!op) throw badRequest(`Filter operator: ${filter.opr} not allowed on ${column}`);
    return (item) => op(item.database_name);
  }
  if (filter.opr !== 'eq' && filter.opr !== 'neq')
    throw badRequest(`Filter operator: ${filter.opr} not allowed on ${column}`);
  const wanted =
    filter.value === true || filter.value === 'true' || filter.value === 1 || filter.value === '!t';
  if (
    typeof filter.value !== 'boolean' &&
    !['true', 'false', '!t', '!f', 0, 1].includes(filter.value as string | number)
  ) {
    throw badRequest('Not a valid rison schema: filters.value must be a boolean');
  }
  return (item) => (item[column] === wanted) === (filter.opr === 'eq');
}

function sortValue(item: DatabaseListItem, column: string): string | number | boolean {
  switch (column) {
    case 'changed_on_delta_humanized':
      return item.changed_on;
    case 'changed_by.first_name':
      return item.changed_by?.first_name ?? '';
    case 'created_by.first_name':
      return item.created_by?.first_name ?? '';
    default: {
      const value = (item as unknown as Record<string, unknown>)[column];
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : '';
    }
  }
}

function sortItems(
  items: DatabaseListItem[],
  column: string,
  direction: 'asc' | 'desc',
): DatabaseListItem[] {
  if (!(DATABASE_ORDER_COLUMNS as readonly string[]).includes(column))
    throw badRequest(`Invalid order column: ${column}`);
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    const cmp =
      typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * sign || a.id - b.id;
  });
}

/** `columns` in `q`: nested names such as `changed_by.first_name` keep their parent object. */
function pickColumns(item: DatabaseListItem, columns: string[]): Partial<DatabaseListItem> {
  const out: Record<string, unknown> = {};
  const source = item as unknown as Record<string, unknown>;
  for (const column of columns) {
    const top = column.split('.')[0] as string;
    if (top in source) out[top] = source[top];
  }
  return out as Partial<DatabaseListItem>;
}

export async function getDatabase(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<DatabaseItemAnswer> {
  requirePermission(actor, ...READ);
  const row = await visibleDatabase(ctx, actor, id);
  return { id: row.id, result: toItem(row, secretsOf(ctx)) };
}

/** GET /{pk}/connection: the same masked answer, for admins only (Superset's `can_write`). */
export async function getDatabaseConnection(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<DatabaseItemAnswer> {
  requireAdmin(actor);
  return getDatabase(ctx, actor, id);
}

async function checkConnection(
  ctx: AppContext,
  connection: ResolvedConnection,
  extraText: string,
  encryptedPlain: string | null,
): Promise<void> {
  await testConnection(
    {
      spec: connection.spec,
      uri: connection.uri,
      password: connection.password,
      extra: connectionExtra(extraText, encryptedPlain),
    },
    ctx.config.home,
  ).catch((error: unknown) => {
    // A failed connection is the caller's settings, not a server fault: 422, never 5xx.
    if (error instanceof TesseraError && error.status >= 500) {
      throw new TesseraError(422, error.message, {
        errorType: error.errorType,
        level: error.level,
        extra: error.extra,
      });
    }
    throw error;
  });
}

/** JSON settings are bounded before they are parsed (names and URIs are bounded by the schema). */
function assertBodyLengths(body: DatabaseUpdateBody): void {
  assertLengths({
    extra: [body.extra, MAX_TEXT],
    masked_encrypted_extra: [body.masked_encrypted_extra, MAX_TEXT],
    force_ctas_schema: [body.force_ctas_schema, MAX_TEXT],
  });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return Boolean(
    e &&
      (e.code === '23505' ||
        e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
        /UNIQUE constraint failed/i.test(e.message ?? '')),
  );
}

/** Creates a database after checking its connection works, as Superset does. */
export async function createDatabase(
  ctx: AppContext,
  actor: Actor,
  body: DatabaseCreateBody,
): Promise<DatabaseItemAnswer> {
  requirePermission(actor, ...WRITE);
  assertBodyLengths(body);
  const secrets = secretsOf(ctx);
  const connection = resolveConnection(body, null) as ResolvedConnection;
  assertSafeConnection(ctx.config, actor, connection.spec);
  if (await databaseRepository.getByName(ctx.store.db, body.database_name)) throw duplicateName();
  const extra = resolveExtra(body, null);
  const encryptedPlain = resolveEncryptedExtra(body, null) ?? null;
  await checkConnection(ctx, connection, extra, encryptedPlain);
  const write: DatabaseWrite = {
    ...CREATE_DEFAULTS,
    ...optionFields(body),
    database_name: body.database_name,
    engine: connection.spec.engine,
    sqlalchemy_uri: connection.uri,
    password: connection.password === null ? null : secrets.encrypt(connection.password),
    configuration_method: connection.configurationMethod,
    extra,
    encrypted_extra: encryptedPlain === null ? null : secrets.encrypt(encryptedPlain),
  };
  let id: number;
  try {
    id = await insertDatabase(ctx.store.db, ctx.config, actor, write);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
  const row = (await databaseRepository.get(ctx.store.db, id)) as DatabaseRow;
  return { id, result: toItem(row, secrets) };
}

/** Partial update; a masked password keeps the stored one. Connection changes are tested first. */
export async function updateDatabase(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: DatabaseUpdateBody,
): Promise<DatabaseItemAnswer> {
  requirePermission(actor, ...WRITE);
  assertBodyLengths(body);
  const secrets = secretsOf(ctx);
  const row = await visibleDatabase(ctx, actor, id);
  // Any edit of such a connection counts (allow_dml, for one, is what the attack needs).
  if (isUnsafeEngine(row.engine)) assertSafeConnection(ctx.config, actor, lookupSpec(row.engine));
  const stored = storedConnection(row, secrets);
  if (body.database_name !== undefined && body.database_name !== row.database_name) {
    const other = await databaseRepository.getByName(ctx.store.db, body.database_name);
    if (other && other.id !== id) throw duplicateName();
  }
  const connection = resolveConnection(body, stored);
  if (connection) assertSafeConnection(ctx.config, actor, connection.spec);
  const extra = resolveExtra(body, row.extra);
  const encryptedPlain = resolveEncryptedExtra(body, stored.encryptedExtra);
  const write: Partial<DatabaseWrite> = { ...optionFields(body), extra };
  if (connection) {
    write.engine = connection.spec.engine;
    write.sqlalchemy_uri = connection.uri;
    write.password = connection.password === null ? null : secrets.encrypt(connection.password);
    write.configuration_method = connection.configurationMethod;
  }
  if (encryptedPlain !== undefined)
    write.encrypted_extra = encryptedPlain === null ? null : secrets.encrypt(encryptedPlain);
  if (connectionChanged(stored, row.extra, connection, extra, encryptedPlain)) {
    await checkConnection(
      ctx,
      connection ?? currentConnection(stored),
      extra,
      encryptedPlain === undefined ? stored.encryptedExtra : encryptedPlain,
    );
  }
  try {
    await databaseRepository.update(ctx.store.db, id, write, actor);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
  await ctx.connections.invalidate(id);
  const updated = (await databaseRepository.get(ctx.store.db, id)) as DatabaseRow;
  return { id, result: toItem(updated, secrets) };
}

function currentConnection(stored: StoredConnection): ResolvedConnection {
  const connection = resolveConnection(
    { sqlalchemy_uri: stored.uri },
    stored,
  ) as ResolvedConnection;
  return { ...connection, password: stored.password };
}

function connectionChanged(
  stored: StoredConnection,
  storedExtra: string,
  connection: ResolvedConnection | null,
  extra: string,
  encryptedPlain: string | null | undefined,
): boolean {
  if (
    connection &&
    (connection.uri !== stored.uri ||
      connection.password !== stored.password ||
      connection.spec.engine !== stored.engine)
  ) {
    return true;
  }
  if (encryptedPlain !== undefined && encryptedPlain !== stored.encryptedExtra) return true;
  return (
    JSON.stringify(parseExtra(extra).engine_params ?? null) !==
    JSON.stringify(parseExtra(storedExtra).engine_params ?? null)
  );
}

export async function deleteDatabase(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  requirePermission(actor, ...WRITE);
  await visibleDatabase(ctx, actor, id);
  await databaseRepository.delete(ctx.store.db, id);
  await ctx.connections.invalidate(id);
  return { message: 'OK' };
}

/**
 * test_connection: a throwaway connection from the body. Naming an existing database the caller
 * can see lets a masked password stand for the stored one, as the edit modal relies on.
 */
export async function testConnectionFor(
  ctx: AppContext,
  actor: Actor,
  body: DatabaseTestConnectionBody,
): Promise<{ message: string }> {
  requirePermission(actor, ...WRITE);
  assertBodyLengths(body);
  const secrets = secretsOf(ctx);
  let stored: StoredConnection | null = null;
  let storedExtra: string | null = null;
  if (body.database_name) {
    const row = await databaseRepository.getByName(ctx.store.db, body.database_name);
    if (row && canSeeDatabase(principalOf(actor), row)) {
      stored = storedConnection(row, secrets);
      storedExtra = row.extra;
    }
  }
  const connection = resolveConnection(body, stored) ?? (stored ? currentConnection(stored) : null);
  if (!connection)
    throw new TesseraError(400, 'Invalid input', {
      fields: { sqlalchemy_uri: ['Missing data for required field.'] },
    });
  assertSafeConnection(ctx.config, actor, connection.spec);
  const extra = resolveExtra(body, storedExtra);
  const encryptedPlain = resolveEncryptedExtra(body, stored?.encryptedExtra ?? null);
  await checkConnection(
    ctx,
    connection,
    extra,
    encryptedPlain === undefined ? (stored?.encryptedExtra ?? null) : encryptedPlain,
  );
  return { message: 'OK' };
}

export function availableEngines(actor: Actor) {
  requirePermission(actor, ...READ);
  return { databases: listEngineSpecs().map(availableEngine) };
}
