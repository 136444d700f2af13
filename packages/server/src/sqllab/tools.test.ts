import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { createDatabase, grantToRole, makeNumbersSqlite, sqliteUri } from './testFixtures.ts';

/** estimate, format_sql and permalinks through the real app. */

describe.each(storeKinds())('SQL Lab tools on the %s metadata store', (storeKind) => {
  let t: TestApp;
  let numbers: number;

  beforeAll(async () => {
    t = await createTestApp({ store: storeKind });
    makeNumbersSqlite(path.join(t.home, 'numbers.db'));
    numbers = await createDatabase(t, {
      database_name: 'numbers',
      sqlalchemy_uri: sqliteUri(t.home, 'numbers.db'),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/v1/sqllab/format_sql/', () => {
    const format = (payload: Record<string, unknown>, caller: 'admin' | 'gamma' = 'admin') =>
      t.call(caller, { method: 'POST', url: '/api/v1/sqllab/format_sql/', payload });

    it('formats generic SQL by default', async () => {
      const res = await format({ sql: 'select a, b from t where x = 1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'select\n  a,\n  b\nfrom\n  t\nwhere\n  x = 1' });
    });

    it("formats in the database's dialect or the named engine's", async () => {
      const byDb = await format({ sql: 'select 1', database_id: numbers });
      expect(byDb.json().result).toBe('select\n  1');
      const byEngine = await format({ sql: 'select `a` from `t`', engine: 'mysql' });
      expect(byEngine.json().result).toBe('select\n  `a`\nfrom\n  `t`');
    });

    it('keeps Jinja markup untouched', async () => {
      const res = await format({
        sql: "select * from t where d > '{{ from_dttm }}' {% if x %}and y = 1{% endif %}",
      });
      expect(res.json().result).toContain("'{{ from_dttm }}'");
      expect(res.json().result).toContain('{% if x %}');
      expect(res.json().result).toContain('{% endif %}');
    });

    it('answers 400 for SQL the formatter cannot read, and 404 for an unknown database', async () => {
      const bad = await format({ sql: 'select "unterminated' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^The SQL could not be formatted: /);
      expect((await format({ sql: 'select 1', database_id: 99999 })).statusCode).toBe(404);
    });

    it('refuses users without can_format_sql', async () => {
      expect((await format({ sql: 'select 1' }, 'gamma')).statusCode).toBe(403);
    });
  });

  describe('POST /api/v1/sqllab/estimate/', () => {
    it('answers a clear 400 for an engine without cost estimation', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: numbers, sql: 'select 1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        message: 'SQLite does not support cost estimation',
        error_type: 'GENERIC_DB_ENGINE_ERROR',
      });
    });

    it('checks template parameters and access before estimating', async () => {
      const bad = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: numbers, sql: 'select {{ x }}', template_params: '{"x": ' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
      const hidden = await t.call('sqllab', {
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: numbers, sql: 'select 1' },
      });
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
      const unknown = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: 424242, sql: 'select 1' },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('permalinks', () => {
    const state = {
      dbId: 1,
      name: 'Untitled Query 3',
      catalog: null,
      schema: 'main',
      sql: 'SELECT * FROM numbers',
      templateParams: '{"a": 1}',
      autorun: true,
    };

    it('stores the state and answers 201 with a key and a /sqllab/p/ url', async () => {
      const res = await t.call('sqllab', {
        method: 'POST',
        url: '/api/v1/sqllab/permalink',
        payload: state,
        headers: { host: 'bi.example.com' },
      });
      expect(res.statusCode).toBe(201);
      const { key, url } = res.json();
      expect(key).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(url).toBe(`http://bi.example.com/sqllab/p/${key}`);

      const plain = await t.call('sqllab', {
        method: 'GET',
        url: `/api/v1/sqllab/permalink/${key}`,
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toEqual(state);
      const prefixed = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/sqllab/permalink/kv:${key}`,
      });
      expect(prefixed.json()).toEqual(state);
    });

    it('answers 404 for an unknown or malformed key', async () => {
      expect(
        (
          await t.call('sqllab', {
            method: 'GET',
            url: '/api/v1/sqllab/permalink/0000000000000000000000',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.call('sqllab', { method: 'GET', url: '/api/v1/sqllab/permalink/not-a-key!' }))
          .statusCode,
      ).toBe(404);
    });

    it('answers 400 for a body missing its fields and 403 without the permission', async () => {
      const bad = await t.call('sqllab', {
        method: 'POST',
        url: '/api/v1/sqllab/permalink',
        payload: { name: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatchObject({
        dbId: ['Missing data for required field.'],
        sql: ['Missing data for required field.'],
      });
      expect(
        (await t.call('gamma', { method: 'POST', url: '/api/v1/sqllab/permalink', payload: state }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('grants', () => {
    it('lets the sql_lab role estimate once it has access, and still answers the engine limit', async () => {
      await grantToRole(t, 'sql_lab', ['database_access', `[numbers].(id:${numbers})`]);
      const res = await t.call('sqllab', {
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: numbers, sql: 'select 1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe('SQLite does not support cost estimation');
    });
  });
});
