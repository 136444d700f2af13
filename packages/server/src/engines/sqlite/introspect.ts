import { engineError, tableNotFound } from '../errorKit.ts';
import { columnKeys } from '../tableKeys.ts';
import type { ColumnMetadata, TableListItem, TableMetadata, TableRef } from '../types.ts';
import type { SqliteSession } from './connect.ts';
import { sqliteDialect } from './dialect.ts';
import { SQLITE_NAME } from './errors.ts';
import { sqliteTypeGeneric } from './types.ts';

const quote = sqliteDialect.quoteIdentifier;

export async function sqliteSchemas(session: SqliteSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    'SELECT name FROM pragma_database_list WHERE name <> ? ORDER BY name',
    ['temp'],
  );
  return rows.map((row) => row.name);
}

async function checkSchema(session: SqliteSession, schema: string): Promise<void> {
  const schemas = await sqliteSchemas(session);
  if (!schemas.includes(schema)) {
    throw engineError(
      SQLITE_NAME,
      'SCHEMA_DOES_NOT_EXIST_ERROR',
      `Schema "${schema}" does not exist`,
    );
  }
}

export async function sqliteTables(
  session: SqliteSession,
  schema: string | null,
): Promise<TableListItem[]> {
  const schemaName = schema ?? 'main';
  await checkSchema(session, schemaName);
  const rows = await session.query<{ name: string; type: string }>(
    `SELECT name, type FROM ${quote(schemaName)}.sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
  );
  return rows.map((row) => ({ value: row.name, type: row.type === 'view' ? 'view' : 'table' }));
}

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

export async function sqliteTableMetadata(
  session: SqliteSession,
  table: TableRef,
): Promise<TableMetadata> {
  const schemaName = table.schema ?? 'main';
  await checkSchema(session, schemaName);
  const [found] = await session.query<{ type: string }>(
    `SELECT type FROM ${quote(schemaName)}.sqlite_master WHERE type IN ('table', 'view') AND name = ?`,
    [table.name],
  );
  if (!found) throw tableNotFound(SQLITE_NAME, { name: table.name, schema: schemaName });

  const columnRows = (
    await session.query<ColumnRow>('SELECT * FROM pragma_table_xinfo(?, ?) ORDER BY cid', [
      table.name,
      schemaName,
    ])
  ).filter((row) => row.hidden === 0 || row.hidden === 2 || row.hidden === 3);
  const fkRows = await session.query<{
    id: number;
    seq: number;
    table: string;
    from: string;
    to: string | null;
  }>('SELECT * FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq', [table.name, schemaName]);
  const indexRows = await session.query<{ name: string; unique: number; origin: string }>(
    "SELECT * FROM pragma_index_list(?, ?) WHERE origin <> 'pk' ORDER BY name",
    [table.name, schemaName],
  );

  const pkColumns = columnRows.filter((row) => row.pk > 0).sort((a, b) => a.pk - b.pk);
  const primaryKey = pkColumns.length
    ? { name: null, column_names: pkColumns.map((row) => row.name) }
    : null;

  const fkById = new Map<number, TableMetadata['foreignKeys'][number]>();
  for (const row of fkRows) {
    let fk = fkById.get(row.id);
    if (!fk) {
      fk = {
        name: null,
        column_names: [],
        referred_schema: schemaName,
        referred_table: row.table,
        referred_columns: [],
      };
      fkById.set(row.id, fk);
    }
    fk.column_names.push(row.from);
    if (row.to !== null) fk.referred_columns.push(row.to);
  }
  const foreignKeys = [...fkById.values()];

  const indexes: TableMetadata['indexes'] = [];
  for (const row of indexRows) {
    const parts = await session.query<{ name: string | null }>(
      'SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno',
      [row.name, schemaName],
    );
    indexes.push({
      name: row.name,
      column_names: parts.map((part) => part.name ?? '<expression>'),
      unique: row.unique === 1,
    });
  }

  const columns: ColumnMetadata[] = columnRows.map((row) => {
    const keys = columnKeys(row.name, { primaryKey, foreignKeys, indexes });
    const longType = row.type || '';
    return {
      name: row.name,
      type: longType.replace(/\s*\(.*\)$/, '').toUpperCase(),
      longType,
      type_generic: sqliteTypeGeneric(longType),
      nullable: row.notnull === 0 && row.pk === 0,
      default: row.dflt_value,
      comment: null,
      keys,
    };
  });

  return {
    name: table.name,
    schema: schemaName,
    catalog: null,
    type: found.type === 'view' ? 'view' : 'table',
    columns,
    primaryKey,
    foreignKeys,
    indexes,
    comment: null,
  };
}

export async function sqliteFunctionNames(session: SqliteSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    'SELECT DISTINCT name FROM pragma_function_list ORDER BY name',
  );
  return rows.map((row) => row.name);
}
