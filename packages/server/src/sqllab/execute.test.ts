import path from 'node:path';
import { DISPLAY_MAX_ROW } from '@tessera/shared/api/sqllab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { DML_NOT_ALLOWED_MESSAGE } from './plan.ts';
import { DATABASE_NOT_FOUND_MESSAGE } from './service.ts';
import { PARAMETER_MISSING_ERR } from './templates.ts';
import {
  clientId,
  createDatabase,
  duckdbUri,
  execute,
  grantToRole,
  makeNumbersDuckdb,
  makeNumbersSqlite,
  sqliteUri,
  wait,
} from './testFixtures.ts';

/** `POST /api/v1/sqllab/execute/` synchronous runs, through the real app on real databases. */

const RECORD_KEYS = [
  'changed_on',
  'dbId',
  'db',
  'endDttm',
  'errorMessage',
  'executedSql',
  'id',
  'queryId',
  'limit',
  'limitingFactor',
  'progress',
  'rows',
  'catalog',
  'schema',
  'ctas',
  'serverId',
  'sql',
  'sqlEditorId',
  'startDttm',
  'state',
  'tab',
  'tempSchema',
  'tempTable',
  'userId',
  'user',
  'resultsKey',
  'trackingUrl',
  'extra',
].sort();

describe.each(storeKinds())('SQL Lab execute on the %s metadata store', (storeKind) => {
  let t: TestApp;
  let numbers: number;
  let writable: number;
  let duck: number;

  const run = async (
    body: Record<string, unknown>,
    caller: 'admin' | 'sqllab' | 'gamma' | 'alpha' = 'admin',
  ) => execute(t, caller, { client_id: clientId(), ...body });

  beforeAll(async () => {
    t = await createTestApp({ store: storeKind });
    makeNumbersSqlite(path.join(t.home, 'numbers.db'));
    makeNumbersSqlite(path.join(t.home, 'writable.db'));
    await makeNumbersDuckdb(path.join(t.home, 'numbers.duckdb'));
    numbers = await createDatabase(t, {
      database_name: 'numbers',
      sqlalchemy_uri: sqliteUri(t.home, 'numbers.db'),
    });
    writable = await createDatabase(t, {
      database_name: 'writable',
      sqlalchemy_uri: sqliteUri(t.home, 'writable.db'),
      allow_dml: true,
      allow_ctas: true,
      allow_cvas: true,
    });
    duck = await createDatabase(t, {
      database_name: 'duck',
      sqlalchemy_uri: duckdbUri(t.home, 'numbers.duckdb'),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('runs a SELECT and answers rows, columns and the query record', async () => {
    const id = clientId();
    const res = await execute(t, 'admin', {
      client_id: id,
      database_id: numbers,
      sql: 'SELECT n, label, at FROM numbers ORDER BY n',
      queryLimit: 3,
      tab: 'Untitled Query 1',
      sql_editor_id: 'editor-1',
      schema: 'main',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toEqual([
      { n: 1, label: 'label 1', at: '2024-01-02T10:00:00' },
      { n: 2, label: 'label 2', at: '2024-01-03T10:00:00' },
      { n: 3, label: 'label 3', at: '2024-01-04T10:00:00' },
    ]);
    expect(body.columns[2]).toEqual({
      name: 'at',
      column_name: 'at',
      type: 'TIMESTAMP',
      type_generic: 2,
      is_dttm: true,
    });
    expect(body.selected_columns).toEqual(body.columns);
    expect(body.expanded_columns).toEqual([]);
    expect(Object.keys(body.query).sort()).toEqual(RECORD_KEYS);
    expect(body.query).toMatchObject({
      id,
      dbId: numbers,
      db: 'numbers',
      state: 'success',
      progress: 100,
      rows: 3,
      limit: 3,
      limitingFactor: 'DROPDOWN',
      tab: 'Untitled Query 1',
      sqlEditorId: 'editor-1',
      schema: 'main',
      ctas: false,
      user: 'Admin User',
      errorMessage: null,
    });
    expect(body.query_id).toBe(body.query.queryId);
    expect(body.query.serverId).toBe(body.query.queryId);
    expect(body.query.executedSql).toBe('SELECT n, label, at FROM numbers ORDER BY n\nLIMIT 4');
    expect(body.query.resultsKey).toEqual(expect.any(String));
    expect(body.query.startDttm).toBeLessThanOrEqual(body.query.endDttm);
  });

  describe('limits', () => {
    const limited = async (sql: string, queryLimit?: number) => {
      const res = await run({
        database_id: numbers,
        sql,
        ...(queryLimit === undefined ? {} : { queryLimit }),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { rows: body.data.length, limit: body.query.limit, factor: body.query.limitingFactor };
    };

    it('the dropdown limits a query without its own LIMIT: DROPDOWN', async () => {
      expect(await limited('SELECT * FROM numbers', 10)).toEqual({
        rows: 10,
        limit: 10,
        factor: 'DROPDOWN',
      });
    });

    it("the query's smaller LIMIT wins: QUERY", async () => {
      expect(await limited('SELECT * FROM numbers LIMIT 5', 10)).toEqual({
        rows: 5,
        limit: 5,
        factor: 'QUERY',
      });
    });

    it('equal limits: QUERY_AND_DROPDOWN', async () => {
      expect(await limited('SELECT * FROM numbers LIMIT 10', 10)).toEqual({
        rows: 10,
        limit: 10,
        factor: 'QUERY_AND_DROPDOWN',
      });
    });

    it('a larger LIMIT in the query yields to the dropdown: DROPDOWN', async () => {
      expect(await limited('SELECT * FROM numbers LIMIT 50', 10)).toEqual({
        rows: 10,
        limit: 10,
        factor: 'DROPDOWN',
      });
    });

    it('fewer rows than the limit: NOT_LIMITED', async () => {
      expect(await limited('SELECT * FROM numbers', 1000)).toEqual({
        rows: 100,
        limit: 1000,
        factor: 'NOT_LIMITED',
      });
      expect(await limited('SELECT * FROM numbers WHERE n <= 3 LIMIT 5', 10)).toEqual({
        rows: 3,
        limit: 5,
        factor: 'NOT_LIMITED',
      });
    });

    it('without a dropdown value the default SQL Lab limit applies, capped by SQL_MAX_ROW', async () => {
      expect((await limited('SELECT 1 AS one')).limit).toBe(t.config.defaultSqllabLimit);
      expect((await limited('SELECT 1 AS one', t.config.sqlMaxRow * 10)).limit).toBe(
        t.config.sqlMaxRow,
      );
    });

    it('cuts the JSON at DISPLAY_MAX_ROW and says so', async () => {
      const res = await run({
        database_id: duck,
        sql: 'SELECT range AS n FROM range(12000)',
        queryLimit: 50000,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(DISPLAY_MAX_ROW);
      expect(body.displayLimitReached).toBe(true);
      expect(body.query).toMatchObject({ rows: 12000, limitingFactor: 'NOT_LIMITED' });
    });
  });

  describe('statements', () => {
    it('runs several statements in order and answers the last result', async () => {
      const res = await run({
        database_id: writable,
        sql: 'CREATE TABLE multi (x INTEGER); INSERT INTO multi VALUES (1), (2), (3);\nSELECT x FROM multi ORDER BY x DESC;',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ x: 3 }, { x: 2 }, { x: 1 }]);
      expect(res.json().query.progress).toBe(100);
    });

    it('answers the last SELECT when the script ends with a statement without rows', async () => {
      const res = await run({
        database_id: writable,
        sql: 'SELECT 42 AS answer; CREATE TABLE after_select (x INTEGER)',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ answer: 42 }]);
    });

    it('refuses DML on a database without allow_dml and changes nothing', async () => {
      for (const sql of [
        'DELETE FROM numbers',
        'SELECT 1; UPDATE numbers SET n = 0',
        'WITH d AS (SELECT 1) INSERT INTO numbers SELECT * FROM d',
      ]) {
        const res = await run({ database_id: numbers, sql });
        expect(res.statusCode, sql).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          error_type: 'DML_NOT_ALLOWED_ERROR',
          message: DML_NOT_ALLOWED_MESSAGE,
        });
      }
      const count = await run({ database_id: numbers, sql: 'SELECT count(*) AS c FROM numbers' });
      expect(count.json().data).toEqual([{ c: 100 }]);
    });

    it('keeps a refused run in the history, failed with its error, and its client id taken', async () => {
      const id = clientId();
      const body = {
        client_id: id,
        database_id: numbers,
        sql: 'DELETE FROM numbers',
        sql_editor_id: '7',
        tab: 'Untitled Query 1',
      };
      const res = await execute(t, 'admin', body);
      expect(res.statusCode).toBe(400);
      const history = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/query/updated_since?q=(last_updated_ms:0)`,
      });
      const record = history.json().result.find((q: { id: string }) => q.id === id);
      expect(record).toMatchObject({
        state: 'failed',
        errorMessage: DML_NOT_ALLOWED_MESSAGE,
        sql: 'DELETE FROM numbers',
        sqlEditorId: '7',
        tab: 'Untitled Query 1',
        resultsKey: null,
      });
      expect(record.extra.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
      expect((await execute(t, 'admin', body)).statusCode).toBe(400);
    });

    it('answers bad SQL with a structured engine error and records the failure', async () => {
      const id = clientId();
      const res = await execute(t, 'admin', {
        client_id: id,
        database_id: numbers,
        sql: 'SELEC 1',
      });
      expect(res.statusCode).toBe(400);
      const error = res.json().errors[0];
      expect(error.error_type).toMatch(/_ERROR$/);
      expect(error.message).toContain('syntax error');
      const history = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/query/updated_since?q=(last_updated_ms:0)`,
      });
      const record = history.json().result.find((q: { id: string }) => q.id === id);
      expect(record).toMatchObject({ state: 'failed', errorMessage: error.message });
      expect(record.extra.errors[0].error_type).toBe(error.error_type);
    });

    it('answers a missing table with its error type', async () => {
      const res = await run({ database_id: numbers, sql: 'SELECT * FROM no_such_table' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toContain('no_such_table');
    });

    it('refuses a script that holds no statement', async () => {
      const res = await run({ database_id: numbers, sql: ' -- nothing\n;' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        error_type: 'INVALID_SQL_ERROR',
        message: 'There is no SQL to run.',
      });
    });
  });

  describe('templates', () => {
    it('renders Jinja parameters from the JSON text', async () => {
      const res = await run({
        database_id: numbers,
        sql: 'SELECT n FROM numbers WHERE n {% if low %}< {{ low }}{% else %}> 98{% endif %} ORDER BY n',
        templateParams: '{"low": 3}',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ n: 1 }, { n: 2 }]);
      expect(res.json().query.sql).toContain('{% if low %}');
    });

    it('treats empty parameter text as {}', async () => {
      const res = await run({
        database_id: numbers,
        sql: 'SELECT n FROM numbers WHERE n {% if low %}< 0{% else %}> 98{% endif %}',
        templateParams: '',
      });
      expect(res.json().data).toEqual([{ n: 99 }, { n: 100 }]);
    });

    it('passes the page query string to url_param()', async () => {
      const res = await execute(
        t,
        'admin',
        {
          client_id: clientId(),
          database_id: numbers,
          sql: "SELECT '{{ url_param('who') }}' AS who",
        },
        '/api/v1/sqllab/execute/?who=analyst',
      );
      expect(res.json().data).toEqual([{ who: 'analyst' }]);
    });

    it('still runs when the page query string names a parameter twice', async () => {
      const res = await execute(
        t,
        'admin',
        { client_id: clientId(), database_id: numbers, sql: 'SELECT 1 AS n' },
        '/api/v1/sqllab/execute/?who=a&who=b',
      );
      expect(res.statusCode).toBe(200);
    });

    it('answers bad parameter JSON with a 400 that says where', async () => {
      const res = await run({
        database_id: numbers,
        sql: 'SELECT {{ x }}',
        templateParams: '{\n  "x": 1,\n  oops\n}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        error_type: 'INVALID_TEMPLATE_PARAMS_ERROR',
        message:
          'The template parameters are not valid JSON: unexpected "oops" at line 3, column 3',
      });
    });

    it('names a template variable that no parameter defines, and records the refused run', async () => {
      const id = clientId();
      const res = await execute(t, 'admin', {
        client_id: id,
        database_id: numbers,
        sql: "SELECT n FROM numbers WHERE n < {{ low }} AND '{{ who }}' <> ''",
        templateParams: '{"who": "me"}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        error_type: 'MISSING_TEMPLATE_PARAMS_ERROR',
        message: `The parameter "low" in your query is undefined. ${PARAMETER_MISSING_ERR}`,
        extra: { undefined_parameters: ['low'], template_parameters: { who: 'me' } },
      });
      const history = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/query/updated_since?q=(last_updated_ms:0)`,
      });
      const record = history.json().result.find((q: { id: string }) => q.id === id);
      expect(record.state).toBe('failed');
      expect(record.errorMessage).toContain('"low"');
    });

    it('answers a template syntax error with a 400 that says where', async () => {
      const res = await run({ database_id: numbers, sql: 'SELECT 1 {% if %}' });
      expect(res.statusCode).toBe(400);
      const error = res.json().errors[0];
      expect(error.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
      expect(error.message).toContain('[Line 1, Column');
    });

    it('gives templates no way to reach JavaScript', async () => {
      const res = await run({
        database_id: numbers,
        sql: 'SELECT \'{{ range.constructor("return process.pid")() }}\' AS x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    });
  });

  describe('CTAS and CVAS', () => {
    it('creates a table from the last SELECT, with the name given', async () => {
      const res = await run({
        database_id: writable,
        sql: 'SELECT n FROM numbers WHERE n <= 5',
        select_as_cta: true,
        tmp_table_name: 'five_numbers',
        ctas_method: 'TABLE',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().query).toMatchObject({
        ctas: true,
        tempTable: 'five_numbers',
        tempSchema: null,
        state: 'success',
      });
      const read = await run({
        database_id: writable,
        sql: 'SELECT count(*) AS c FROM five_numbers',
      });
      expect(read.json().data).toEqual([{ c: 5 }]);
    });

    it('names the table tmp_<user id>_table_<time> when no name is given, and makes views', async () => {
      const res = await run({
        database_id: writable,
        sql: 'SELECT 1 AS one',
        select_as_cta: true,
        ctas_method: 'VIEW',
      });
      expect(res.statusCode).toBe(200);
      const table = res.json().query.tempTable as string;
      expect(table).toMatch(/^tmp_1_table_\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}$/);
      const read = await run({
        database_id: writable,
        sql: `SELECT type FROM sqlite_master WHERE name = '${table}'`,
      });
      expect(read.json().data).toEqual([{ type: 'view' }]);
    });

    it('refuses CTAS and CVAS where the database does not allow them', async () => {
      const ctas = await run({ database_id: numbers, sql: 'SELECT 1', select_as_cta: true });
      expect(ctas.json().errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
      const cvas = await run({
        database_id: numbers,
        sql: 'SELECT 1',
        select_as_cta: true,
        ctas_method: 'VIEW',
      });
      expect(cvas.json().errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    });

    it('needs a SELECT last for CTAS and exactly one SELECT for CVAS', async () => {
      const ctas = await run({
        database_id: writable,
        sql: 'SELECT 1; PRAGMA table_info(numbers)',
        select_as_cta: true,
      });
      expect(ctas.statusCode).toBe(400);
      expect(ctas.json().errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
      const cvas = await run({
        database_id: writable,
        sql: 'SELECT 1; SELECT 2',
        select_as_cta: true,
        ctas_method: 'VIEW',
      });
      expect(cvas.json().errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    });

    it('refuses a table name that is not an identifier', async () => {
      const res = await run({
        database_id: writable,
        sql: 'SELECT 1',
        select_as_cta: true,
        tmp_table_name: 'x; DROP TABLE numbers',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { tmp_table_name: ['String does not match expected pattern.'] },
      });
    });
  });

  describe('bad input', () => {
    it('answers 404 for an unknown database', async () => {
      const res = await run({ database_id: 999_999, sql: 'SELECT 1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0]).toMatchObject({
        error_type: 'DATABASE_NOT_FOUND_ERROR',
        message: DATABASE_NOT_FOUND_MESSAGE,
      });
    });

    it('answers 400 with the field problems for a body missing fields', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: { sql: 'SELECT 1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { database_id: ['Missing data for required field.'] },
      });
    });

    it('refuses a client id longer than 11 characters and a client id used before', async () => {
      const long = await execute(t, 'admin', {
        client_id: 'x'.repeat(12),
        database_id: numbers,
        sql: 'SELECT 1',
      });
      expect(long.statusCode).toBe(400);
      const id = clientId();
      expect(
        (await execute(t, 'admin', { client_id: id, database_id: numbers, sql: 'SELECT 1' }))
          .statusCode,
      ).toBe(200);
      const again = await execute(t, 'admin', {
        client_id: id,
        database_id: numbers,
        sql: 'SELECT 1',
      });
      expect(again.statusCode).toBe(400);
    });

    it('refuses a tab name or editor id longer than 256 characters, naming the field', async () => {
      for (const field of ['tab', 'sql_editor_id']) {
        const res = await run({
          database_id: numbers,
          sql: 'DELETE FROM numbers',
          [field]: 'x'.repeat(257),
        });
        expect(res.statusCode, field).toBe(400);
        expect(JSON.stringify(res.json()), field).toContain(field);
      }
    });

    it('gives a query without a client id one of 11 characters', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: { database_id: numbers, sql: 'SELECT 1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().query.id).toHaveLength(11);
    });

    it('refuses a browser call without the CSRF token', async () => {
      const { cookie } = await t.session('admin');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        headers: { cookie },
        payload: { database_id: numbers, sql: 'SELECT 1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The CSRF token is missing.' });
    });
  });

  describe('permissions', () => {
    beforeAll(async () => {
      await grantToRole(
        t,
        'sql_lab',
        ['database_access', `[numbers].(id:${numbers})`],
        ['schema_access', '[duck].[main]'],
      );
    });

    it('lets a sql_lab user with database access run queries', async () => {
      const res = await run(
        { database_id: numbers, sql: 'SELECT count(*) AS c FROM numbers' },
        'sqllab',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().query.userId).not.toBe(1);
    });

    it('refuses Gamma, which lacks can_execute_sql_query', async () => {
      const res = await run({ database_id: numbers, sql: 'SELECT 1' }, 'gamma');
      expect(res.statusCode).toBe(403);
    });

    it('refuses a database the user has no grant on', async () => {
      const res = await run({ database_id: writable, sql: 'SELECT 1' }, 'sqllab');
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    });

    it('with schema access only, allows tables of that schema and refuses the others', async () => {
      const ok = await run(
        { database_id: duck, sql: 'SELECT count(*) AS c FROM numbers', schema: 'main' },
        'sqllab',
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toEqual([{ c: 1000 }]);
      const qualified = await run(
        { database_id: duck, sql: 'SELECT count(*) AS c FROM main.numbers' },
        'sqllab',
      );
      expect(qualified.statusCode).toBe(200);
      const other = await run(
        { database_id: duck, sql: 'SELECT * FROM information_schema.tables' },
        'sqllab',
      );
      expect(other.statusCode).toBe(403);
      expect(other.json().errors[0]).toMatchObject({
        error_type: 'TABLE_SECURITY_ACCESS_ERROR',
        message:
          'You need access to the following tables: information_schema.tables, all database access or schema access',
      });
    });
  });

  describe('timeout and size limits', () => {
    it('ends a synchronous run that exceeds SQLLAB_TIMEOUT as timed_out', async () => {
      const previous = t.config.sqllabTimeout;
      t.config.sqllabTimeout = 1;
      try {
        const id = clientId();
        const started = Date.now();
        const res = await execute(t, 'admin', {
          client_id: id,
          database_id: duck,
          sql: 'SELECT count(*) FROM range(100000000) a, range(100000) b',
        });
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(res.statusCode).toBe(408);
        expect(res.json().errors[0]).toMatchObject({
          error_type: 'SQLLAB_TIMEOUT_ERROR',
          message: 'The query exceeded the 1 seconds timeout.',
        });
        const history = await t.call('admin', {
          method: 'GET',
          url: '/api/v1/query/updated_since?q=(last_updated_ms:0)',
        });
        expect(history.json().result.find((q: { id: string }) => q.id === id).state).toBe(
          'timed_out',
        );
      } finally {
        t.config.sqllabTimeout = previous;
      }
    });

    it('fails a result larger than the payload limit with RESULT_TOO_LARGE_ERROR', async () => {
      const previous = t.config.sqllabPayloadMaxMb;
      t.config.sqllabPayloadMaxMb = 0.01;
      try {
        const res = await run({
          database_id: duck,
          sql: "SELECT range AS n, repeat('x', 100) AS pad FROM range(5000)",
          queryLimit: 10000,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].error_type).toBe('RESULT_TOO_LARGE_ERROR');
      } finally {
        t.config.sqllabPayloadMaxMb = previous;
      }
    });
  });

  it('a finished run leaves no query running', async () => {
    await wait(10);
    const history = await t.call('admin', {
      method: 'GET',
      url: '/api/v1/query/updated_since?q=(last_updated_ms:0)',
    });
    const states = history.json().result.map((q: { state: string }) => q.state);
    expect(states).not.toContain('running');
    expect(states).not.toContain('pending');
  });
});
