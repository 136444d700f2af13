import type {
  SchemasQuery,
  TableMetadataAnswer,
  TableMetadataQuery,
  TablesAnswer,
  TablesQuery,
} from '@tessera/shared/api/databases';
import { isTesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { tableNotFound } from '../engines/errorKit.ts';
import type {
  Dialect,
  EngineConnection,
  EngineSpec,
  TableListItem,
  TableRef,
} from '../engines/types.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import {
  canAccessTable,
  grantedTableNames,
  hasFullAccess,
  hasSchemaAccess,
  type Principal,
  principalOf,
} from './access.ts';
import { lookupSpec } from './connections.ts';
import { assertLengths, MAX_NAME } from './limits.ts';
import type { DatabaseRow } from './repository.ts';
import { visibleDatabase } from './service.ts';

/**
 * Browsing a database: catalogs, schemas, tables, a table's metadata, SELECT * and function
 * names. Callers with schema or table grants only see what their grants cover; a table they may
 * not read answers exactly as a missing one does, so its existence stays hidden.
 */

const SELECT_STAR_LIMIT = 100;

interface Opened {
  row: DatabaseRow;
  spec: EngineSpec;
  connection: EngineConnection;
  principal: Principal;
}

/** Names a browse call sends, bounded before any engine or regex sees them. */
type Names = Record<string, string | null | undefined>;

async function open(ctx: AppContext, actor: Actor, id: number, names: Names = {}): Promise<Opened> {
  requirePermission(actor, 'can_read', 'Database');
  assertLengths(
    Object.fromEntries(Object.entries(names).map(([field, value]) => [field, [value, MAX_NAME]])),
  );
  const row = await visibleDatabase(ctx, actor, id);
  const spec = lookupSpec(row.engine);
  const connection = await ctx.connections.forRow(row);
  return { row, spec, connection, principal: principalOf(actor) };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function listCatalogs(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ result: string[] }> {
  const { spec, connection } = await open(ctx, actor, id);
  if (!spec.supportsCatalogs) return { result: [] };
  return { result: [...(await connection.getCatalogs())].sort(byName) };
}

export async function listSchemas(
  ctx: AppContext,
  actor: Actor,
  id: number,
  q: SchemasQuery,
): Promise<{ result: string[] }> {
  const { row, connection, principal } = await open(ctx, actor, id, { catalog: q.catalog });
  const catalog = q.catalog ?? null;
  let schemas = await connection.getSchemas(catalog);
  if (q.upload_allowed) schemas = schemas.filter(uploadAllowed(row));
  if (!hasFullAccess(principal, row)) {
    const tableGrants = grantedTableNames(principal, row);
    const visible: string[] = [];
    for (const schema of schemas) {
      if (hasSchemaAccess(principal, row, schema, catalog)) visible.push(schema);
      else if (
        tableGrants.size > 0 &&
        (await connection.getTables(schema, catalog)).some((t) => tableGrants.has(t.value))
      ) {
        // Table grants carry no schema: a schema is shown when it holds a granted table.
        visible.push(schema);
      }
    }
    schemas = visible;
  }
  return { result: [...schemas].sort(byName) };
}

/** `upload_allowed`: schemas named in `extra.schemas_allowed_for_file_upload` (all if empty). */
function uploadAllowed(row: DatabaseRow): (schema: string) => boolean {
  if (!row.allow_file_upload) return () => false;
  let allowed: unknown;
  try {
    allowed = (JSON.parse(row.extra) as Record<string, unknown>).schemas_allowed_for_file_upload;
  } catch {
    allowed = undefined;
  }
  if (!Array.isArray(allowed) || allowed.length === 0) return () => true;
  return (schema) => allowed.includes(schema);
}

export async function listTables(
  ctx: AppContext,
  actor: Actor,
  id: number,
  q: TablesQuery,
): Promise<TablesAnswer> {
  const { row, connection, principal } = await open(ctx, actor, id, {
    schema_name: q.schema_name,
    catalog_name: q.catalog_name,
  });
  const catalog = q.catalog_name ?? null;
  const schemaOk = hasSchemaAccess(principal, row, q.schema_name, catalog);
  const tableGrants = schemaOk ? null : grantedTableNames(principal, row);
  if (tableGrants && tableGrants.size === 0) return { count: 0, result: [] };
  let tables: TableListItem[] = await connection.getTables(q.schema_name, catalog);
  if (tableGrants) tables = tables.filter((t) => tableGrants.has(t.value));
  const result = [...tables].sort((a, b) => byName(a.value, b.value));
  return { count: result.length, result };
}

function tableRefOf(query: {
  name: string;
  schema?: string | null;
  catalog?: string | null;
}): TableRef & { schema: string | null; catalog: string | null } {
  return { name: query.name, schema: query.schema || null, catalog: query.catalog || null };
}

/** Runs an engine call about one table; a missing schema or table answers as a hidden one does. */
async function aboutTable<T>(
  spec: EngineSpec,
  table: TableRef,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      isTesseraError(error) &&
      (error.errorType === 'TABLE_DOES_NOT_EXIST_ERROR' ||
        error.errorType === 'SCHEMA_DOES_NOT_EXIST_ERROR')
    ) {
      throw tableNotFound(spec.name, table);
    }
    throw error;
  }
}

function checkTableAccess(
  opened: Opened,
  table: TableRef & { schema: string | null; catalog: string | null },
): void {
  if (!canAccessTable(opened.principal, opened.row, table))
    throw tableNotFound(opened.spec.name, table);
}

export async function tableMetadata(
  ctx: AppContext,
  actor: Actor,
  id: number,
  query: TableMetadataQuery,
): Promise<TableMetadataAnswer> {
  const opened = await open(ctx, actor, id, {
    name: query.name,
    schema: query.schema,
    catalog: query.catalog,
  });
  const table = tableRefOf(query);
  checkTableAccess(opened, table);
  const metadata = await aboutTable(opened.spec, table, () =>
    opened.connection.getTableMetadata(table),
  );
  return {
    ...metadata,
    selectStar: selectStarSql(
      opened.spec.dialect,
      metadata.name,
      metadata.schema ?? table.schema,
      metadata.columns.map((c) => c.name),
    ),
  };
}

export async function tableExtra(
  ctx: AppContext,
  actor: Actor,
  id: number,
  query: TableMetadataQuery,
): Promise<Record<string, unknown>> {
  const opened = await open(ctx, actor, id, {
    name: query.name,
    schema: query.schema,
    catalog: query.catalog,
  });
  const table = tableRefOf(query);
  checkTableAccess(opened, table);
  return aboutTable(opened.spec, table, () => opened.connection.getTableExtra(table));
}

export async function selectStar(
  ctx: AppContext,
  actor: Actor,
  id: number,
  params: { table_name: string; schema_name?: string },
): Promise<{ result: string }> {
  const opened = await open(ctx, actor, id, {
    table_name: params.table_name,
    schema_name: params.schema_name,
  });
  const table = tableRefOf({ name: params.table_name, schema: params.schema_name ?? null });
  checkTableAccess(opened, table);
  const metadata = await aboutTable(opened.spec, table, () =>
    opened.connection.getTableMetadata(table),
  );
  return {
    result: selectStarSql(
      opened.spec.dialect,
      metadata.name,
      table.schema,
      metadata.columns.map((c) => c.name),
    ),
  };
}

/** `SELECT` with every column listed and quoted by the engine's dialect, then `LIMIT 100`. */
export function selectStarSql(
  dialect: Dialect,
  table: string,
  schema: string | null,
  columns: string[],
): string {
  const from = schema
    ? `${dialect.quoteIdentifier(schema)}.${dialect.quoteIdentifier(table)}`
    : dialect.quoteIdentifier(table);
  const list =
    columns.length > 0 ? columns.map((c) => `  ${dialect.quoteIdentifier(c)}`).join(',\n') : '  *';
  return `SELECT\n${list}\nFROM ${from}\nLIMIT ${SELECT_STAR_LIMIT}`;
}

export async function functionNames(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ function_names: string[] }> {
  const { connection } = await open(ctx, actor, id);
  const names = await connection.functionNames();
  return { function_names: [...new Set(names)].sort(byName) };
}
