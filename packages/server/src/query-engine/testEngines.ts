import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectRows } from '../engines/arrow.ts';
import { duckdbEngine } from '../engines/duckdb/index.ts';
import { engineSpecForUri } from '../engines/registry.ts';
import { sqliteEngine } from '../engines/sqlite/index.ts';
import type { Dialect, EngineConnection, EngineSpec } from '../engines/types.ts';
import { queryDialectFor } from './dialect.ts';
import { SALES_ROWS } from './testFixtures.ts';

/**
 * The fixture table loaded into a real engine: a temp file for DuckDB and SQLite, a fresh schema
 * (PostgreSQL) or database (MySQL/MariaDB) on the servers of the test URLs. Test support only.
 */
export interface LoadedEngine {
  name: string;
  connection: EngineConnection;
  dialect: Dialect;
  /** Schema holding `sales` (null: the default one). */
  schema: string | null;
  uri: string;
  run(sql: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

const TYPES: Record<string, string[]> = {
  duckdb: ['TIMESTAMP', 'VARCHAR', 'VARCHAR', 'INTEGER', 'DOUBLE', 'BOOLEAN', 'VARCHAR'],
  sqlite: ['TEXT', 'TEXT', 'TEXT', 'INTEGER', 'REAL', 'INTEGER', 'TEXT'],
  postgresql: [
    'TIMESTAMP',
    'VARCHAR(20)',
    'VARCHAR(20)',
    'INTEGER',
    'DOUBLE PRECISION',
    'BOOLEAN',
    'VARCHAR(20)',
  ],
  mysql: ['DATETIME', 'VARCHAR(20)', 'VARCHAR(20)', 'INT', 'DOUBLE', 'BOOLEAN', 'VARCHAR(20)'],
};
const NAMES = ['ds', 'country', 'product', 'num', 'price', 'is_promo', 'note'];

async function drain(connection: EngineConnection, sql: string) {
  const result = await connection.execute(sql);
  for await (const _batch of result.batches) {
    // Reading to the end runs the statement and hands the connection back.
  }
}

function fixtureSql(dialect: Dialect, table: string, family: string): string[] {
  const types = TYPES[family] as string[];
  const cols = NAMES.map((n, i) => `${dialect.quoteIdentifier(n)} ${types[i]}`).join(', ');
  const values = SALES_ROWS.map(
    (row) =>
      `(${row
        .map((v) =>
          v === null
            ? 'NULL'
            : typeof v === 'boolean'
              ? dialect.booleanLiteral(v)
              : typeof v === 'number'
                ? String(v)
                : dialect.quoteString(v),
        )
        .join(', ')})`,
  );
  return [`CREATE TABLE ${table} (${cols})`, `INSERT INTO ${table} VALUES ${values.join(', ')}`];
}

async function load(
  name: string,
  spec: EngineSpec,
  uri: string,
  schema: string | null,
  cleanup: (connection: EngineConnection) => Promise<void>,
): Promise<LoadedEngine> {
  const connection = await spec.connect(uri, { home: tmpdir() });
  const dialect = queryDialectFor(spec.engine);
  const family = spec.engine === 'mariadb' ? 'mysql' : spec.engine;
  if (schema) await drain(connection, `CREATE SCHEMA ${dialect.quoteIdentifier(schema)}`);
  const table = [schema, 'sales']
    .filter((p): p is string => p !== null)
    .map((p) => dialect.quoteIdentifier(p))
    .join('.');
  for (const statement of fixtureSql(dialect, table, family)) await drain(connection, statement);
  return {
    name,
    connection,
    dialect,
    schema,
    uri,
    run: async (sql) => collectRows((await connection.execute(sql)).batches),
    close: async () => {
      await cleanup(connection).catch(() => undefined);
      await connection.close();
    },
  };
}

export async function loadFileEngine(kind: 'duckdb' | 'sqlite'): Promise<LoadedEngine> {
  const dir = mkdtempSync(path.join(tmpdir(), `tessera-qe-${kind}-`));
  const file = path.join(dir, kind === 'duckdb' ? 'sales.duckdb' : 'sales.db');
  const spec = kind === 'duckdb' ? duckdbEngine : sqliteEngine;
  // The SQLite engine opens existing files only; an empty file is an empty database.
  if (kind === 'sqlite') writeFileSync(file, '');
  return load(kind, spec, `${kind}:///${file}`, null, async () => {
    rmSync(dir, { recursive: true, force: true });
  });
}

export async function loadServerEngine(name: string, url: string): Promise<LoadedEngine> {
  const spec = engineSpecForUri(url);
  const schema = `tessera_qe_${randomBytes(4).toString('hex')}`;
  const dialect = queryDialectFor(spec.engine);
  const drop =
    spec.engine === 'postgresql'
      ? `DROP SCHEMA ${dialect.quoteIdentifier(schema)} CASCADE`
      : `DROP DATABASE ${dialect.quoteIdentifier(schema)}`;
  return load(name, spec, url, schema, (connection) => drain(connection, drop));
}
