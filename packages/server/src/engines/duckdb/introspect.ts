import type { Json } from '@duckdb/node-api';
import { tableNotFound } from '../errorKit.ts';
import { columnKeys } from '../tableKeys.ts';
import type { ColumnMetadata, TableListItem, TableMetadata, TableRef } from '../types.ts';
import type { DuckdbSession } from './connect.ts';
import { DUCKDB_NAME } from './errors.ts';
import { duckdbTypeGeneric } from './types.ts';

const SYSTEM_SCHEMAS = ['information_schema', 'pg_catalog'];

async function currentCatalog(session: DuckdbSession, catalog?: string | null): Promise<string> {
  if (catalog) return catalog;
  const [row] = await session.query('SELECT current_database() AS name');
  return String(row.name);
}

async function resolveSchema(session: DuckdbSession, schema?: string | null): Promise<string> {
  if (schema) return schema;
  const [row] = await session.query('SELECT current_schema() AS name');
  return String(row.name);
}

const asStrings = (value: Json): string[] =>
  Array.isArray(value) ? value.map((item) => String(item)) : [];

export async function duckdbCatalogs(session: DuckdbSession): Promise<string[]> {
  const rows = await session.query(
    'SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY database_name',
  );
  return rows.map((row) => String(row.database_name));
}

export async function duckdbSchemas(
  session: DuckdbSession,
  catalog?: string | null,
): Promise<string[]> {
  const database = await currentCatalog(session, catalog);
  const rows = await session.query(
    'SELECT DISTINCT schema_name FROM duckdb_schemas() WHERE database_name = ? AND schema_name NOT IN (?, ?) ORDER BY schema_name',
    [database, ...SYSTEM_SCHEMAS],
  );
  return rows.map((row) => String(row.schema_name));
}

export async function duckdbTables(
  session: DuckdbSession,
  schema: string | null,
  catalog?: string | null,
): Promise<TableListItem[]> {
  const database = await currentCatalog(session, catalog);
  const schemaName = await resolveSchema(session, schema);
  const rows = await session.query(
    `SELECT table_name AS name, 'table' AS kind FROM duckdb_tables() WHERE database_name = ? AND schema_name = ?
     UNION ALL
     SELECT view_name AS name, 'view' AS kind FROM duckdb_views() WHERE database_name = ? AND schema_name = ? AND NOT internal
     ORDER BY name`,
    [database, schemaName, database, schemaName],
  );
  return rows.map((row) => ({
    value: String(row.name),
    type: row.kind === 'view' ? 'view' : 'table',
  }));
}

export async function duckdbTableMetadata(
  session: DuckdbSession,
  table: TableRef,
): Promise<TableMetadata> {
  const database = await currentCatalog(session, table.catalog);
  const schemaName = await resolveSchema(session, table.schema);
  const scope = [database, schemaName, table.name];
  const [found] = await session.query(
    `SELECT 'table' AS kind, comment FROM duckdb_tables() WHERE database_name = ? AND schema_name = ? AND table_name = ?
     UNION ALL
     SELECT 'view' AS kind, comment FROM duckdb_views() WHERE database_name = ? AND schema_name = ? AND view_name = ?`,
    [...scope, ...scope],
  );
  if (!found) throw tableNotFound(DUCKDB_NAME, { name: table.name, schema: schemaName });

  const [columnRows, constraintRows, indexRows] = await Promise.all([
    session.query(
      `SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns()
       WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY column_index`,
      scope,
    ),
    session.query(
      `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
       FROM duckdb_constraints() WHERE database_name = ? AND schema_name = ? AND table_name = ?
       AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY', 'UNIQUE') ORDER BY constraint_index`,
      scope,
    ),
    session.query(
      `SELECT index_name, is_unique, expressions FROM duckdb_indexes()
       WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY index_name`,
      scope,
    ),
  ]);

  const pk = constraintRows.find((row) => row.constraint_type === 'PRIMARY KEY');
  const primaryKey = pk
    ? {
        name: pk.constraint_name ? String(pk.constraint_name) : null,
        column_names: asStrings(pk.constraint_column_names),
      }
    : null;
  const foreignKeys = constraintRows
    .filter((row) => row.constraint_type === 'FOREIGN KEY')
    .map((row) => ({
      name: row.constraint_name ? String(row.constraint_name) : null,
      column_names: asStrings(row.constraint_column_names),
      referred_schema: schemaName,
      referred_table: String(row.referenced_table),
      referred_columns: asStrings(row.referenced_column_names),
    }));
  const indexes = [
    ...constraintRows
      .filter((row) => row.constraint_type === 'UNIQUE')
      .map((row) => ({
        name: String(row.constraint_name ?? ''),
        column_names: asStrings(row.constraint_column_names),
        unique: true,
      })),
    ...indexRows.map((row) => ({
      name: String(row.index_name),
      // DuckDB prints index expressions as a list literal: `['"day"', 'lower(name)']`.
      column_names: String(row.expressions ?? '')
        .replace(/^\[|\]$/g, '')
        .split(', ')
        .map((part) =>
          part
            .trim()
            .replace(/^'(.*)'$/, '$1')
            .replace(/^"(.*)"$/, '$1'),
        )
        .filter(Boolean),
      unique: Boolean(row.is_unique),
    })),
  ];

  const columns: ColumnMetadata[] = columnRows.map((row) => {
    const name = String(row.column_name);
    const longType = String(row.data_type);
    const keys = columnKeys(name, { primaryKey, foreignKeys, indexes });
    return {
      name,
      type: longType.replace(/\(.*\)$/, ''),
      longType,
      type_generic: duckdbTypeGeneric(longType),
      nullable: Boolean(row.is_nullable),
      default: row.column_default === null ? null : String(row.column_default),
      comment: row.comment === null ? null : String(row.comment),
      keys,
    };
  });

  return {
    name: table.name,
    schema: schemaName,
    catalog: table.catalog ?? null,
    type: found.kind === 'view' ? 'view' : 'table',
    columns,
    primaryKey,
    foreignKeys,
    indexes,
    comment: found.comment === null ? null : String(found.comment),
  };
}

export async function duckdbFunctionNames(session: DuckdbSession): Promise<string[]> {
  const rows = await session.query(
    "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro', 'table', 'table_macro') ORDER BY function_name",
  );
  return rows.map((row) => String(row.function_name));
}
