import { tableNotFound } from '../errorKit.ts';
import { columnKeys } from '../tableKeys.ts';
import type { ColumnMetadata, TableListItem, TableMetadata, TableRef } from '../types.ts';
import type { PostgresSession } from './connect.ts';
import { POSTGRESQL_NAME } from './errors.ts';
import { pgTypeGeneric } from './types.ts';

const KIND: Record<string, TableListItem['type']> = {
  r: 'table',
  p: 'table',
  f: 'table',
  v: 'view',
  m: 'materialized_view',
};

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function pgCatalogs(session: PostgresSession): Promise<string[]> {
  const rows = await session.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE NOT datistemplate AND datallowconn',
  );
  return rows.map((row) => row.datname).sort(byCodePoint);
}

export async function pgSchemas(
  session: PostgresSession,
  catalog?: string | null,
): Promise<string[]> {
  const rows = await session.query<{ nspname: string }>(
    "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'",
    [],
    catalog,
  );
  return rows.map((row) => row.nspname).sort(byCodePoint);
}

export async function pgTables(
  session: PostgresSession,
  schema: string | null,
  catalog?: string | null,
): Promise<TableListItem[]> {
  const rows = await session.query<{ relname: string; relkind: string }>(
    `SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = COALESCE($1, current_schema()) AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`,
    [schema],
    catalog,
  );
  return rows
    .map((row) => ({ value: row.relname, type: KIND[row.relkind] }))
    .sort((a, b) => byCodePoint(a.value, b.value));
}

interface ConstraintRow extends Record<string, unknown> {
  conname: string;
  contype: string;
  columns: string[];
  ref_schema: string | null;
  ref_table: string | null;
  ref_columns: string[] | null;
}

export async function pgTableMetadata(
  session: PostgresSession,
  table: TableRef,
): Promise<TableMetadata> {
  const catalog = table.catalog ?? null;
  const [found] = await session.query<{
    oid: number;
    relkind: string;
    schema: string;
    comment: string | null;
  }>(
    `SELECT c.oid::int AS oid, c.relkind, n.nspname AS schema, obj_description(c.oid, 'pg_class') AS comment
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = COALESCE($1, current_schema()) AND c.relname = $2 AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`,
    [table.schema ?? null, table.name],
    catalog,
  );
  if (!found) throw tableNotFound(POSTGRESQL_NAME, table);

  const [columnRows, constraintRows, indexRows] = await Promise.all([
    session.query<{
      name: string;
      long_type: string;
      nullable: boolean;
      default: string | null;
      comment: string | null;
    }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS long_type, NOT a.attnotnull AS nullable,
              pg_get_expr(d.adbin, d.adrelid) AS default, col_description(a.attrelid, a.attnum) AS comment
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [found.oid],
      catalog,
    ),
    session.query<ConstraintRow>(
      `SELECT con.conname, con.contype,
              ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              fn.nspname AS ref_schema, fc.relname AS ref_table,
              ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns
       FROM pg_constraint con
       LEFT JOIN pg_class fc ON fc.oid = con.confrelid LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
       WHERE con.conrelid = $1 AND con.contype IN ('p', 'f') ORDER BY con.conname`,
      [found.oid],
      catalog,
    ),
    session.query<{ name: string; unique: boolean; columns: string[] }>(
      `SELECT i.relname AS name, ix.indisunique AS unique,
              ARRAY(SELECT COALESCE(a.attname::text, pg_get_indexdef(ix.indexrelid, k.ord::int, true))
                    FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
                    WHERE k.ord <= ix.indnkeyatts ORDER BY k.ord) AS columns
       FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid
       WHERE ix.indrelid = $1 AND NOT ix.indisprimary ORDER BY i.relname`,
      [found.oid],
      catalog,
    ),
  ]);

  const pk = constraintRows.find((row) => row.contype === 'p');
  const primaryKey = pk ? { name: pk.conname, column_names: pk.columns } : null;
  const foreignKeys = constraintRows
    .filter((row) => row.contype === 'f')
    .map((row) => ({
      name: row.conname,
      column_names: row.columns,
      referred_schema: row.ref_schema,
      referred_table: row.ref_table ?? '',
      referred_columns: row.ref_columns ?? [],
    }));
  const indexes = indexRows.map((row) => ({
    name: row.name,
    column_names: row.columns,
    unique: row.unique,
  }));

  const columns: ColumnMetadata[] = columnRows.map((row) => {
    const keys = columnKeys(row.name, { primaryKey, foreignKeys, indexes });
    const longType = row.long_type.toUpperCase();
    return {
      name: row.name,
      type: longType.replace(/\(.*?\)/, ''),
      longType,
      type_generic: pgTypeGeneric(longType),
      nullable: row.nullable,
      default: row.default,
      comment: row.comment,
      keys,
    };
  });

  return {
    name: table.name,
    schema: found.schema,
    catalog,
    type: KIND[found.relkind],
    columns,
    primaryKey,
    foreignKeys,
    indexes,
    comment: found.comment,
  };
}

/** Partitioned tables list their partitions, as Superset's `/table_metadata/extra/` does. */
export async function pgTableExtra(
  session: PostgresSession,
  table: TableRef,
): Promise<Record<string, unknown>> {
  const rows = await session.query<{ partition: string }>(
    `SELECT child.relname AS partition FROM pg_inherits i
     JOIN pg_class parent ON parent.oid = i.inhparent JOIN pg_namespace n ON n.oid = parent.relnamespace
     JOIN pg_class child ON child.oid = i.inhrelid
     WHERE n.nspname = COALESCE($1, current_schema()) AND parent.relname = $2 AND parent.relkind = 'p'`,
    [table.schema ?? null, table.name],
    table.catalog,
  );
  if (rows.length === 0) return {};
  return { partitions: rows.map((row) => row.partition).sort(byCodePoint) };
}

export async function pgFunctionNames(session: PostgresSession): Promise<string[]> {
  const rows = await session.query<{ proname: string }>('SELECT DISTINCT proname FROM pg_proc');
  return rows.map((row) => row.proname).sort(byCodePoint);
}
