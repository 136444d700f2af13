import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import {
  createScratchPostgresDatabase,
  TEST_MYSQL_URL,
  TEST_POSTGRES_URL,
} from '../testing/stores.ts';
import { clientId, createDatabase, execute, pollUntil, wait } from './testFixtures.ts';

/**
 * SQL Lab against real PostgreSQL and MariaDB servers: limits, CTAS, estimate, timeout and a
 * stop that really ends the statement on the server (checked in the server's process list).
 */

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await wait(100);
  }
  return false;
}

if (!TEST_POSTGRES_URL)
  console.warn('PostgreSQL SQL Lab engine tests skipped: TESSERA_TEST_POSTGRES_URL is not set');
describe.skipIf(!TEST_POSTGRES_URL)('SQL Lab on PostgreSQL', () => {
  let t: TestApp;
  let admin: pg.Client;
  let syncDb: number;
  let asyncDb: number;
  let scratch: { url: string; drop: () => Promise<void> };
  const schema = `tessera_sqllab_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // A database of its own, so its sessions in pg_stat_activity are this test's only.
    scratch = await createScratchPostgresDatabase();
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(
      `CREATE TABLE ${schema}.numbers AS SELECT n FROM generate_series(1, 100) AS n`,
    );
    t = await createTestApp();
    syncDb = await createDatabase(t, {
      database_name: 'pg',
      sqlalchemy_uri: scratch.url,
      allow_ctas: true,
      allow_cvas: true,
    });
    asyncDb = await createDatabase(t, {
      database_name: 'pg-async',
      sqlalchemy_uri: scratch.url,
      allow_run_async: true,
    });
  });

  afterAll(async () => {
    await t?.close();
    await admin?.end();
    await scratch?.drop();
  });

  it('runs in the chosen schema with Superset limits', async () => {
    const res = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      schema,
      sql: 'SELECT n FROM numbers ORDER BY n',
      queryLimit: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(10);
    expect(res.json().query).toMatchObject({ limitingFactor: 'DROPDOWN', rows: 10, schema });
    const own = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      schema,
      sql: 'SELECT n FROM numbers LIMIT 5',
      queryLimit: 10,
    });
    expect(own.json().query.limitingFactor).toBe('QUERY');
    const all = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      schema,
      sql: 'SELECT n FROM numbers',
      queryLimit: 1000,
    });
    expect(all.json().query).toMatchObject({ limitingFactor: 'NOT_LIMITED', rows: 100 });
  });

  it('creates a table with CTAS in the query schema', async () => {
    const res = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      schema,
      sql: 'SELECT n FROM numbers WHERE n > 90',
      select_as_cta: true,
      tmp_table_name: 'top_ten',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().query).toMatchObject({
      tempTable: 'top_ten',
      tempSchema: schema,
      ctas: true,
    });
    const count = await admin.query(`SELECT count(*)::int AS c FROM ${schema}.top_ten`);
    expect(count.rows[0].c).toBe(10);
  });

  it('estimates the cost of a query from EXPLAIN', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/sqllab/estimate/',
      payload: { database_id: syncDb, schema, sql: 'SELECT * FROM numbers' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0]).toEqual({
      'Start-up cost': expect.any(Number),
      'Total cost': expect.any(Number),
    });
  });

  it('ends a synchronous run that exceeds SQLLAB_TIMEOUT as timed_out', async () => {
    const previous = t.config.sqllabTimeout;
    t.config.sqllabTimeout = 1;
    try {
      const res = await execute(t, 'admin', {
        client_id: clientId(),
        database_id: syncDb,
        sql: 'SELECT pg_sleep(30)',
      });
      expect(res.statusCode).toBe(408);
      expect(res.json().errors[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
    } finally {
      t.config.sqllabTimeout = previous;
    }
  });

  it('stops an asynchronous pg_sleep on the server', async () => {
    const marker = `tessera_stop_${randomBytes(4).toString('hex')}`;
    const id = clientId();
    const res = await execute(t, 'admin', {
      client_id: id,
      database_id: asyncDb,
      sql: `SELECT pg_sleep(60) AS ${marker}`,
    });
    expect(res.statusCode).toBe(202);
    await pollUntil(t, 'admin', id, ['running']);
    // SELECTs stream through a cursor, so the sleeping statement shows as its FETCH.
    const sleeping = async () =>
      (
        await admin.query(
          "SELECT count(*)::int AS c FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()",
        )
      ).rows[0].c;
    expect(await waitUntil(async () => (await sleeping()) === 1)).toBe(true);
    await t.call('admin', {
      method: 'POST',
      url: '/api/v1/query/stop',
      payload: { client_id: id },
    });
    expect(await waitUntil(async () => (await sleeping()) === 0, 5000)).toBe(true);
    expect((await pollUntil(t, 'admin', id, ['stopped', 'failed', 'success'])).state).toBe(
      'stopped',
    );
  });
});

if (!TEST_MYSQL_URL)
  console.warn('MariaDB SQL Lab engine tests skipped: TESSERA_TEST_MYSQL_URL is not set');
describe.skipIf(!TEST_MYSQL_URL)('SQL Lab on MariaDB/MySQL', () => {
  let t: TestApp;
  let admin: mysql.Connection;
  let syncDb: number;
  let asyncDb: number;
  const table = `tessera_sqllab_${randomBytes(4).toString('hex')}`;
  const ctasTable = `${table}_ctas`;

  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_MYSQL_URL);
    await admin.query(`CREATE TABLE ${table} (n INT)`);
    await admin.query(
      `INSERT INTO ${table} VALUES ${Array.from({ length: 100 }, (_v, i) => `(${i + 1})`).join(',')}`,
    );
    t = await createTestApp();
    syncDb = await createDatabase(t, {
      database_name: 'maria',
      sqlalchemy_uri: TEST_MYSQL_URL,
      allow_ctas: true,
      allow_dml: true,
    });
    asyncDb = await createDatabase(t, {
      database_name: 'maria-async',
      sqlalchemy_uri: TEST_MYSQL_URL,
      allow_run_async: true,
    });
  });

  afterAll(async () => {
    await t?.close();
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.query(`DROP TABLE IF EXISTS ${ctasTable}`);
    await admin?.end();
  });

  it('applies limits, MySQL LIMIT offset,count included', async () => {
    const dropdown = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      sql: `SELECT n FROM ${table} ORDER BY n`,
      queryLimit: 10,
    });
    expect(dropdown.statusCode).toBe(200);
    expect(dropdown.json().query).toMatchObject({ rows: 10, limitingFactor: 'DROPDOWN' });
    const offset = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      sql: `SELECT n FROM ${table} ORDER BY n LIMIT 20, 5`,
      queryLimit: 10,
    });
    expect(offset.json().data).toEqual([{ n: 21 }, { n: 22 }, { n: 23 }, { n: 24 }, { n: 25 }]);
    expect(offset.json().query.limitingFactor).toBe('QUERY');
  });

  it('runs several statements and CTAS', async () => {
    const res = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: syncDb,
      sql: `UPDATE ${table} SET n = n WHERE n = 1; SELECT n FROM ${table} WHERE n <= 3 ORDER BY n`,
      select_as_cta: true,
      tmp_table_name: ctasTable,
    });
    expect(res.statusCode).toBe(200);
    const [rows] = await admin.query(`SELECT count(*) AS c FROM ${ctasTable}`);
    expect(Number((rows as Array<{ c: number }>)[0].c)).toBe(3);
  });

  it('stops an asynchronous SLEEP on the server', async () => {
    const marker = `tessera_stop_${randomBytes(4).toString('hex')}`;
    const id = clientId();
    await execute(t, 'admin', {
      client_id: id,
      database_id: asyncDb,
      sql: `SELECT SLEEP(60) AS ${marker}`,
    });
    await pollUntil(t, 'admin', id, ['running']);
    const sleeping = async () => {
      const [rows] = await admin.query(
        "SELECT count(*) AS c FROM information_schema.processlist WHERE command = 'Query' AND id <> CONNECTION_ID() AND info LIKE ?",
        [`%AS ${marker}%`],
      );
      return Number((rows as Array<{ c: number }>)[0].c);
    };
    expect(await waitUntil(async () => (await sleeping()) === 1)).toBe(true);
    await t.call('admin', {
      method: 'POST',
      url: '/api/v1/query/stop',
      payload: { client_id: id },
    });
    expect(await waitUntil(async () => (await sleeping()) === 0, 5000)).toBe(true);
    expect((await pollUntil(t, 'admin', id, ['stopped', 'failed', 'success'])).state).toBe(
      'stopped',
    );
  });
});
