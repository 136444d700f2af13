import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  duckdbUri,
  grantToRole,
  makeNumbersDuckdb,
  makeNumbersSqlite,
  sqliteUri,
} from '../sqllab/testFixtures.ts';
import type { Caller, TestApp } from '../testing/harness.ts';
import { createTestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** `POST /api/v1/database/{pk}/validate_sql/` on real SQLite and DuckDB files. */

describe.each(storeKinds())('SQL validation on the %s metadata store', (storeKind) => {
  let t: TestApp;
  let lite: number;
  let duck: number;
  let hidden: number;

  const validate = (
    id: number,
    payload: Record<string, unknown>,
    caller: Caller = 'admin',
    query = '',
  ) =>
    t.call(caller, {
      method: 'POST',
      url: `/api/v1/database/${id}/validate_sql/${query}`,
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp({ store: storeKind });
    makeNumbersSqlite(path.join(t.home, 'numbers.db'));
    await makeNumbersDuckdb(path.join(t.home, 'numbers.duckdb'));
    lite = await createDatabase(t, {
      database_name: 'lite',
      sqlalchemy_uri: sqliteUri(t.home, 'numbers.db'),
    });
    duck = await createDatabase(t, {
      database_name: 'duck',
      sqlalchemy_uri: duckdbUri(t.home, 'numbers.duckdb'),
    });
    hidden = await createDatabase(t, {
      database_name: 'hidden',
      sqlalchemy_uri: sqliteUri(t.home, 'numbers.db'),
    });
    await grantToRole(t, 'sql_lab', ['database_access', `[lite].(id:${lite})`]);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('on SQLite', () => {
    it('answers an empty list for valid SQL', async () => {
      const res = await validate(lite, { sql: 'SELECT n, label FROM numbers WHERE n > 3' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: [] });
    });

    it('answers an empty list for empty or comment-only SQL', async () => {
      expect((await validate(lite, { sql: '' })).json()).toEqual({ result: [] });
      expect((await validate(lite, { sql: '  -- nothing\n;' })).json()).toEqual({ result: [] });
    });

    it('points at the error in the second line of a multi-line statement', async () => {
      const res = await validate(lite, { sql: 'SELECT n\n  FORM numbers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: [
          {
            // SQLite reads `FORM` as an alias of n, so it stops at the table name.
            line_number: 2,
            start_column: 8,
            end_column: 15,
            message: 'near "numbers": syntax error',
          },
        ],
      });
    });

    it('validates several statements one by one, each at its own lines', async () => {
      const res = await validate(lite, {
        sql: 'SELECT 1;\nSELECT n FROM numbers;\nSELECT nope\nFROM numbers;',
      });
      expect(res.json().result).toEqual([
        {
          line_number: 3,
          start_column: 8,
          end_column: 12,
          message: 'no such column: nope',
        },
      ]);
      const second = await validate(lite, { sql: 'SELECT 1; SELEC 2' });
      expect(second.json().result).toEqual([
        { line_number: 1, start_column: 11, end_column: 16, message: 'near "SELEC": syntax error' },
      ]);
    });

    it('never runs DML or DDL: the table and its rows are still there afterwards', async () => {
      const res = await validate(lite, {
        sql: 'DELETE FROM numbers;\nDROP TABLE numbers;\nINSERT INTO secrets VALUES (1)',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: [] });
      const db = new Database(path.join(t.home, 'numbers.db'), { readonly: true });
      try {
        expect(db.prepare('SELECT count(*) AS c FROM numbers').get()).toEqual({ c: 100 });
        expect(db.prepare('SELECT count(*) AS c FROM secrets').get()).toEqual({ c: 1 });
      } finally {
        db.close();
      }
    });

    it('renders templates first, with the page query string', async () => {
      const ok = await validate(
        lite,
        {
          sql: "SELECT n FROM {{ table }} WHERE label = '{{ url_param('who') }}'",
          template_params: '{"table": "numbers"}',
        },
        'admin',
        '?who=me',
      );
      expect(ok.json()).toEqual({ result: [] });
      const missing = await validate(lite, {
        sql: 'SELECT n FROM {{ table }}',
        template_params: { table: 'nope' },
      });
      expect(missing.json().result[0]).toMatchObject({
        line_number: 1,
        message: 'no such table: nope',
      });
    });

    it('answers 400 for bad template JSON or a broken template, like execute', async () => {
      const badJson = await validate(lite, { sql: 'SELECT 1', template_params: '{"a": }' });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().errors[0]).toMatchObject({
        error_type: 'INVALID_TEMPLATE_PARAMS_ERROR',
        message: 'The template parameters are not valid JSON: unexpected "}" at line 1, column 7',
      });
      const badTemplate = await validate(lite, { sql: 'SELECT {{ 1 +' });
      expect(badTemplate.statusCode).toBe(400);
      expect(badTemplate.json().errors[0].message).toMatch(/^The template could not be rendered: /);
    });
  });

  describe('on DuckDB', () => {
    it('answers an empty list for valid SQL, DuckDB extensions included', async () => {
      const res = await validate(duck, { sql: 'FROM numbers SELECT n WHERE n < 3' });
      expect(res.json()).toEqual({ result: [] });
    });

    it('reads the line and caret of a parser error in the second line', async () => {
      const res = await validate(duck, { sql: 'SELECT n\nFROM numbers\nWHER n = 1' });
      expect(res.json()).toEqual({
        result: [
          {
            line_number: 3,
            start_column: 6,
            end_column: 7,
            message: 'Parser Error: syntax error at or near "n"',
          },
        ],
      });
    });

    it('places a binder error in the second statement', async () => {
      const res = await validate(duck, { sql: 'SELECT 1;\nSELECT nope FROM numbers' });
      expect(res.json().result).toEqual([
        {
          line_number: 2,
          start_column: 8,
          end_column: 12,
          message: expect.stringMatching(/^Binder Error: Referenced column "nope" not found/),
        },
      ]);
    });

    it('never runs DML or DDL: the table and its rows are still there afterwards', async () => {
      const res = await validate(duck, {
        sql: 'DELETE FROM numbers; DROP TABLE numbers; CREATE TABLE extra AS SELECT 1',
      });
      expect(res.json()).toEqual({ result: [] });
      // Read through the app (it holds the file open) rather than a second DuckDB instance.
      const count = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: {
          database_id: duck,
          sql: "SELECT (SELECT count(*) FROM numbers) AS c, (SELECT count(*) FROM duckdb_tables() WHERE table_name = 'extra') AS e",
        },
      });
      expect(count.statusCode).toBe(200);
      expect(count.json().data).toEqual([{ c: 1000, e: 0 }]);
    });

    it('resolves tables in the schema sent', async () => {
      const res = await validate(duck, { sql: 'SELECT n FROM numbers', schema: 'main' });
      expect(res.json()).toEqual({ result: [] });
    });
  });

  describe('errors and permissions', () => {
    it('answers 404 for an unknown database', async () => {
      const res = await validate(99999, { sql: 'SELECT 1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    });

    it('answers 400 when sql is missing', async () => {
      const res = await validate(lite, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toHaveProperty('sql');
    });

    it('lets a sql_lab user validate on a database granted to them', async () => {
      const res = await validate(lite, { sql: 'SELECT n FROM numbers' }, 'sqllab');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: [] });
    });

    it('answers 404 for a database the caller may not see', async () => {
      const res = await validate(hidden, { sql: 'SELECT 1' }, 'sqllab');
      expect(res.statusCode).toBe(404);
    });

    it('lets Gamma validate through can_read on Database, on granted databases only', async () => {
      expect((await validate(lite, { sql: 'SELECT 1' }, 'gamma')).statusCode).toBe(404);
      await grantToRole(t, 'Gamma', ['database_access', `[hidden].(id:${hidden})`]);
      const res = await validate(hidden, { sql: 'SELECT n FROM numbers' }, 'gamma');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: [] });
    });

    it('refuses anonymous callers', async () => {
      const res = await validate(lite, { sql: 'SELECT 1' }, 'anonymous');
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('DuckDB files opened elsewhere', () => {
  it('keep their tables when validated in a fresh instance', async () => {
    // A guard that prepared EXPLAIN really plans only, independent of the app's pooling.
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run('CREATE TABLE t AS SELECT 1 AS a');
    (await connection.prepare('EXPLAIN DROP TABLE t')).destroySync();
    const rows = (await connection.runAndReadAll('SELECT count(*) FROM t')).getRows();
    expect(rows).toEqual([[1n]]);
    connection.closeSync();
    instance.closeSync();
  });
});
