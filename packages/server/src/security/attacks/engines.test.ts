import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../../datasets/testFixtures.ts';
import { collectRows } from '../../engines/arrow.ts';
import { duckdbEngine } from '../../engines/duckdb/index.ts';
import { listEngineSpecs } from '../../engines/registry.ts';
import type { EngineConnection } from '../../engines/types.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * Issue 21, items 4 and 6, performed against real engines: function names the denylist refuses
 * written as quoted identifiers in chart metrics, columns and filters; and a SQL Lab user changing
 * DuckDB's global settings for everyone.
 */

const POSTGRES_URL = process.env.TESSERA_TEST_POSTGRES_URL;
if (!POSTGRES_URL) {
  console.warn('PostgreSQL attacks skipped: TESSERA_TEST_POSTGRES_URL is not set');
}

async function createDatabase(t: TestApp, name: string, uri: string): Promise<number> {
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/database/',
    payload: { database_name: name, sqlalchemy_uri: uri },
  });
  if (res.statusCode !== 201) throw new Error(`creating ${name} failed: ${res.body}`);
  return (res.json() as { id: number }).id;
}

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' };

/** A hostile fragment in each place a chart takes user SQL. */
function hostileQueries(fragment: string): Array<[string, Record<string, unknown>]> {
  return [
    ['metric', { metrics: [{ expressionType: 'SQL', sqlExpression: fragment, label: 'm' }] }],
    ['column', { columns: [{ sqlExpression: fragment, label: 'c' }], metrics: [], row_limit: 5 }],
    ['where', { metrics: [COUNT], extras: { where: `${fragment} IS NOT NULL` } }],
    ['having', { metrics: [COUNT], extras: { having: `${fragment} IS NOT NULL` } }],
  ];
}

interface Target {
  engine: string;
  url: string | undefined;
  /** Sets up a table `sales` and answers the dataset id. */
  open(t: TestApp): Promise<number>;
  close?(): Promise<void>;
  fragments: string[];
}

let pgSchema: string | null = null;

const TARGETS: Target[] = [
  {
    engine: 'DuckDB',
    url: 'file',
    async open(t) {
      const shop = await addShopDatabase(t, 'duck_attack');
      return createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    },
    fragments: [
      `"current_setting"('memory_limit')`,
      `"CURRENT_SETTING" ('threads')`,
      `main."getenv"('HOME')`,
      `"read_text"('/etc/hostname')`,
      `'x'."current_setting"()`,
    ],
  },
  {
    engine: 'SQLite',
    url: 'file',
    async open(t) {
      const file = path.join(t.home, 'attack.db');
      const db = new Database(file);
      db.exec("CREATE TABLE sales (region TEXT, amount REAL); INSERT INTO sales VALUES ('EU', 1);");
      db.close();
      const id = await createDatabase(t, 'sqlite_attack', `sqlite:///${file}`);
      return createDataset(t, { database: id, schema: 'main', table_name: 'sales' });
    },
    fragments: [
      `"load_extension"('/tmp/evil')`,
      `[readfile]('/etc/hostname')`,
      "`writefile`('/tmp/x', 'y')",
    ],
  },
  {
    engine: 'PostgreSQL',
    url: POSTGRES_URL,
    async open(t) {
      pgSchema = `attack_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(
        `CREATE SCHEMA ${pgSchema}; CREATE TABLE ${pgSchema}.sales (region TEXT, amount FLOAT8); INSERT INTO ${pgSchema}.sales VALUES ('EU', 1)`,
      );
      await client.end();
      const id = await createDatabase(t, 'pg_attack', POSTGRES_URL as string);
      return createDataset(t, { database: id, schema: pgSchema, table_name: 'sales' });
    },
    async close() {
      if (!pgSchema) return;
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${pgSchema} CASCADE`);
      await client.end();
    },
    fragments: [
      `"pg_read_file"('/etc/hostname')`,
      `"query_to_xml"('select usename, passwd from pg_shadow', true, true, '')`,
      `pg_catalog."pg_ls_dir"('.')`,
      `U&"pg\\005fread\\005ffile"('/etc/hostname')`,
      `"PG_SLEEP" (5)`,
    ],
  },
];

describe.each(TARGETS)('quoted names of refused functions in charts on $engine', (target) => {
  let t: TestApp;
  let dataset: number;
  beforeAll(async () => {
    if (!target.url) return;
    t = await createTestApp();
    dataset = await target.open(t);
  });
  afterAll(async () => {
    await t?.close();
    await target.close?.();
  });

  it.skipIf(!target.url)('runs an ordinary chart query', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: dataset, type: 'table' },
        queries: [{ columns: ['region'], metrics: [COUNT] }],
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it.skipIf(!target.url)('refuses each one in metrics, columns, WHERE and HAVING', async () => {
    for (const fragment of target.fragments) {
      for (const [place, query] of hostileQueries(fragment)) {
        const res = await t.call('admin', {
          method: 'POST',
          url: '/api/v1/chart/data',
          payload: { datasource: { id: dataset, type: 'table' }, queries: [query] },
        });
        expect(res.statusCode, `${fragment} in ${place}: ${res.body}`).toBe(400);
        expect(res.body).toMatch(/(function .+ is not allowed|U& escapes are not allowed)/);
        // Never the engine's answer: the statement did not run.
        expect(res.body).not.toMatch(/hostname|pg_shadow|GiB|MiB/i);
      }
    }
  });
});

describe('a SQL Lab user changing DuckDB settings for everyone', () => {
  let t: TestApp;
  let database: number;
  const run = (caller: 'admin' | 'sqllab', sql: string) =>
    t.call(caller, {
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      payload: { database_id: database, sql, schema: 'main', runAsync: false },
    });
  const memoryLimit = async () => {
    const res = await run('admin', "SELECT current_setting('memory_limit') AS m");
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Array<{ m: string }> }).data[0]?.m;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await addShopDatabase(t, 'duck_settings');
    database = shop.id;
    await grantToRole(t, 'sql_lab', ['database_access', `[duck_settings].(id:${database})`]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses SET GLOBAL, RESET and setting PRAGMAs with a 4xx, and the limit stays', async () => {
    const before = await memoryLimit();
    for (const sql of [
      "SET GLOBAL memory_limit='2MB'",
      "SET memory_limit = '2MB'",
      'RESET GLOBAL memory_limit',
      'PRAGMA threads=1',
      'SET lock_configuration = false',
    ]) {
      const res = await run('sqllab', sql);
      // Refused by SQL Lab before the engine sees it (as a settings change, or as DML where the
      // database allows none), never by the engine's configuration lock.
      expect(res.statusCode, `${sql}: ${res.body}`).toBe(400);
      expect(res.body, sql).toMatch(/QUERY_SECURITY_ACCESS_ERROR|DML_NOT_ALLOWED_ERROR/);
    }
    expect(await memoryLimit()).toBe(before);
    const still = await run('sqllab', 'SELECT count(*) AS n FROM sales');
    expect(still.statusCode).toBe(200);
    expect((still.json() as { data: unknown[] }).data).toEqual([{ n: 3 }]);
  });
});

describe('DuckDB connections SQL Lab and charts use have their configuration locked', () => {
  let connection: EngineConnection;
  beforeAll(async () => {
    connection = await duckdbEngine.connect('duckdb:///:memory:', { home: '/tmp' });
  });
  afterAll(async () => {
    await connection?.close();
  });
  const run = async (sql: string, schema?: string) =>
    collectRows((await connection.execute(sql, { schema })).batches);

  it('refuses global settings inside the engine, even if a statement gets past SQL Lab', async () => {
    for (const sql of [
      "SET GLOBAL memory_limit='2MB'",
      'PRAGMA threads=1',
      "SET enable_external_access = 'true'",
      'SET lock_configuration = false',
    ]) {
      await expect(run(sql), sql).rejects.toMatchObject({ status: 400 });
    }
    expect(await run("SELECT current_setting('enable_external_access') AS e")).toEqual([
      { e: false },
    ]);
  });

  it('keeps what the engine itself needs: the schema of a statement', async () => {
    expect(await run('SELECT current_schema() AS s', 'main')).toEqual([{ s: 'main' }]);
  });
});

describe('every engine refuses statements that change what other users share', () => {
  const REFUSED: Record<string, string[]> = {
    duckdb: [
      "SET GLOBAL memory_limit='2MB'",
      "  /* x */ set search_path = 'other'",
      'RESET memory_limit',
      'USE other',
      'PRAGMA threads=1',
      'PRAGMA enable_profiling',
      'CALL enable_logging()',
      "SELECT * FROM enable_logging('x')",
    ],
    sqlite: [
      'PRAGMA query_only(1)',
      'PRAGMA main.journal_mode = DELETE',
      'PRAGMA writable_schema = ON',
      'PRAGMA user_version(5)',
      'PRAGMA foreign_keys = OFF',
      'PRAGMA cache_size(1)',
    ],
    postgresql: [
      "SET search_path = 'other'",
      'SET ROLE postgres',
      'SET SESSION AUTHORIZATION postgres',
      'RESET ALL',
      "SELECT set_config('search_path', 'other', false)",
      `SELECT "set_config"('role', 'x', false)`,
      'SELECT pg_terminate_backend(1)',
      `SELECT U&"set\\005fconfig"('role', 'x', false)`,
    ],
    mysql: [
      'SET GLOBAL max_connections = 1',
      "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'",
      "SET PASSWORD = 'x'",
      'SET @@sql_mode = ANSI_QUOTES',
      'USE mysql',
      "SELECT `get_lock`('x', 1)",
    ],
  };
  const ALLOWED: Record<string, string[]> = {
    duckdb: ['SELECT 1', 'PRAGMA table_info(sales)', 'PRAGMA show_tables', "SELECT 'SET x'"],
    sqlite: [
      'SELECT 1',
      'PRAGMA table_info(sales)',
      'PRAGMA main.index_list("sales")',
      'PRAGMA user_version',
    ],
    postgresql: ['SELECT 1', "SELECT current_setting('search_path')", 'SHOW search_path'],
    mysql: ['SELECT 1', 'SHOW TABLES', "SELECT 'SET GLOBAL x'"],
  };

  it.each(listEngineSpecs().map((spec) => [spec.engine, spec] as const))('%s', (engine, spec) => {
    const family = engine === 'mariadb' ? 'mysql' : engine;
    for (const sql of REFUSED[family] ?? []) {
      const refusal = spec.refusesStatement(sql);
      expect(refusal, sql).not.toBeNull();
      expect(refusal?.status).toBe(400);
      expect(refusal?.toBody()).toMatchObject({
        errors: [{ error_type: 'QUERY_SECURITY_ACCESS_ERROR' }],
      });
    }
    for (const sql of ALLOWED[family] ?? []) expect(spec.refusesStatement(sql), sql).toBeNull();
  });
});
