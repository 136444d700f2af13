import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../sqllab/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import {
  createScratchPostgresDatabase,
  TEST_MYSQL_URL,
  TEST_POSTGRES_URL,
} from '../testing/stores.ts';

/** SQL validation against real PostgreSQL and MariaDB servers. */

const validateWith = (t: TestApp, id: number, payload: Record<string, unknown>) =>
  t.call('admin', { method: 'POST', url: `/api/v1/database/${id}/validate_sql/`, payload });

if (!TEST_POSTGRES_URL)
  console.warn('PostgreSQL SQL validation tests skipped: TESSERA_TEST_POSTGRES_URL is not set');
describe.skipIf(!TEST_POSTGRES_URL)('SQL validation on PostgreSQL', () => {
  let t: TestApp;
  let admin: pg.Client;
  let id: number;
  let scratch: { url: string; drop: () => Promise<void> };
  const schema = `tessera_validate_${randomBytes(4).toString('hex')}`;
  const validate = (payload: Record<string, unknown>) => validateWith(t, id, payload);

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.numbers AS SELECT n FROM generate_series(1, 10) n`);
    t = await createTestApp();
    id = await createDatabase(t, { database_name: 'pg', sqlalchemy_uri: scratch.url });
  });

  afterAll(async () => {
    await t?.close();
    await admin?.end();
    await scratch?.drop();
  });

  it('answers an empty list for valid SQL in the schema sent', async () => {
    const res = await validate({ sql: 'SELECT n FROM numbers WHERE n > 2', schema });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: [] });
  });

  it("places a syntax error in the second line from the error's position", async () => {
    const res = await validate({ sql: 'SELECT n\nFROM numbers\nWHER n = 1', schema });
    expect(res.json()).toEqual({
      result: [
        {
          line_number: 3,
          start_column: 6,
          end_column: 7,
          message: 'syntax error at or near "n"',
        },
      ],
    });
  });

  it('places an unknown column in the second statement', async () => {
    const res = await validate({ sql: 'SELECT 1;\n  SELECT nope FROM numbers;', schema });
    expect(res.json()).toEqual({
      result: [
        {
          line_number: 2,
          start_column: 10,
          end_column: 14,
          message: 'column "nope" does not exist',
        },
      ],
    });
  });

  it('checks DDL with the parser only and never runs DML or DDL', async () => {
    const res = await validate({
      sql: `DELETE FROM ${schema}.numbers;\nDROP TABLE ${schema}.numbers;\nUPDATE ${schema}.numbers SET n = 0`,
    });
    expect(res.json()).toEqual({ result: [] });
    const bad = await validate({ sql: 'SELECT 1;\nCREATE TABLE t (a int,)' });
    expect(bad.json().result).toEqual([
      { line_number: 2, start_column: 23, end_column: 24, message: 'syntax error at or near ")"' },
    ]);
    const rows = await admin.query(`SELECT count(*)::int AS c FROM ${schema}.numbers`);
    expect(rows.rows).toEqual([{ c: 10 }]);
  });

  it('refuses text smuggling a second statement past the splitter', async () => {
    // Nested comments end later in PostgreSQL than the splitter thinks; whatever the engine
    // makes of it, the table stays.
    await validate({ sql: `SELECT 1 /* /* */ ; DROP TABLE ${schema}.numbers; -- */` });
    await validate({ sql: `SELECT 1 \`; DROP TABLE ${schema}.numbers; SELECT \`` });
    const rows = await admin.query(`SELECT count(*)::int AS c FROM ${schema}.numbers`);
    expect(rows.rows).toEqual([{ c: 10 }]);
  });

  it('leaves no transaction open on the pooled connections', async () => {
    for (let i = 0; i < 8; i += 1) await validate({ sql: 'SELECT nope', schema });
    const res = await validate({ sql: 'SELECT n FROM numbers', schema });
    expect(res.json()).toEqual({ result: [] });
    const open = await admin.query(
      "SELECT count(*)::int AS c FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    );
    expect(open.rows).toEqual([{ c: 0 }]);
  });
});

if (!TEST_MYSQL_URL)
  console.warn('MariaDB SQL validation tests skipped: TESSERA_TEST_MYSQL_URL is not set');
describe.skipIf(!TEST_MYSQL_URL)('SQL validation on MariaDB/MySQL', () => {
  let t: TestApp;
  let admin: mysql.Connection;
  let id: number;
  const table = `tessera_validate_${randomBytes(4).toString('hex')}`;
  const validate = (payload: Record<string, unknown>) => validateWith(t, id, payload);

  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_MYSQL_URL);
    await admin.query(`CREATE TABLE ${table} (n INT)`);
    await admin.query(`INSERT INTO ${table} VALUES (1), (2), (3)`);
    t = await createTestApp();
    id = await createDatabase(t, { database_name: 'maria', sqlalchemy_uri: TEST_MYSQL_URL });
  });

  afterAll(async () => {
    await t?.close();
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.end();
  });

  it('answers an empty list for valid SQL', async () => {
    const res = await validate({ sql: `SELECT n FROM ${table} WHERE n > 1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: [] });
  });

  it('places a syntax error in the second line from "near ... at line"', async () => {
    const res = await validate({ sql: `SELECT n\nFROM ${table} WHER n = 1` });
    const [annotation] = res.json().result;
    expect(annotation).toMatchObject({ line_number: 2 });
    expect(annotation.message).toMatch(/You have an error in your SQL syntax/);
    const line = `FROM ${table} WHER n = 1`;
    expect(annotation.start_column).toBe(line.indexOf('n = 1') + 1);
  });

  it('places an unknown column in the second statement', async () => {
    const res = await validate({ sql: `SELECT 1;\nSELECT nope FROM ${table}` });
    expect(res.json().result).toEqual([
      {
        line_number: 2,
        start_column: 8,
        end_column: 12,
        // MySQL says 'field list', recent MariaDB 'SELECT'.
        message: expect.stringMatching(/^Unknown column 'nope' in '/),
      },
    ]);
  });

  it('never runs DML or DDL', async () => {
    const res = await validate({
      sql: `DELETE FROM ${table};\nUPDATE ${table} SET n = 0;\nINSERT INTO ${table} VALUES (9);\nDROP TABLE ${table}`,
    });
    expect(res.json()).toEqual({ result: [] });
    const [rows] = await admin.query(`SELECT n FROM ${table} ORDER BY n`);
    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });
});
