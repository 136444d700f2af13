import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientId,
  createDatabase,
  execute,
  grantToRole,
  makeNumbersSqlite,
  rison,
  sqliteUri,
} from '../sqllab/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** `/api/v1/query/`: history, one query, updated_since and stop, through the real app. */

describe.each(storeKinds())('query history API on the %s metadata store', (storeKind) => {
  let t: TestApp;
  let numbers: number;
  let other: number;
  const ids: Record<string, { client: string; server: number }> = {};

  const run = async (name: string, caller: 'admin' | 'sqllab', database: number, sql: string) => {
    const client = clientId();
    const res = await execute(t, caller, {
      client_id: client,
      database_id: database,
      sql,
      tab: name,
    });
    ids[name] = { client, server: res.json().query?.queryId ?? res.json().errors?.[0] ?? 0 };
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ store: storeKind });
    makeNumbersSqlite(path.join(t.home, 'numbers.db'));
    makeNumbersSqlite(path.join(t.home, 'other.db'));
    numbers = await createDatabase(t, {
      database_name: 'numbers',
      sqlalchemy_uri: sqliteUri(t.home, 'numbers.db'),
    });
    other = await createDatabase(t, {
      database_name: 'other',
      sqlalchemy_uri: sqliteUri(t.home, 'other.db'),
    });
    await grantToRole(t, 'sql_lab', ['database_access', `[numbers].(id:${numbers})`]);
    await run('admin-one', 'admin', numbers, 'SELECT n FROM numbers WHERE n = 1');
    await run('admin-other', 'admin', other, 'SELECT label FROM numbers LIMIT 2');
    await run('sqllab-one', 'sqllab', numbers, 'SELECT count(*) FROM numbers');
    const failed = await execute(t, 'sqllab', {
      client_id: 'failingq001',
      database_id: numbers,
      sql: 'SELECT nope FROM numbers',
    });
    expect(failed.statusCode).toBe(400);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/v1/query/{id}', () => {
    it('answers the query with its database, schema, sql and tab', async () => {
      const res = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/query/${ids['admin-one'].server}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.id).toBe(ids['admin-one'].server);
      expect(body.result).toMatchObject({
        id: ids['admin-one'].server,
        client_id: ids['admin-one'].client,
        database: { id: numbers },
        sql: 'SELECT n FROM numbers WHERE n = 1',
        tab_name: 'admin-one',
        status: 'success',
        rows: 1,
        catalog: null,
        schema: null,
        select_as_cta: false,
      });
    });

    it("hides another user's query, but not from an admin", async () => {
      expect(
        (await t.call('sqllab', { method: 'GET', url: `/api/v1/query/${ids['admin-one'].server}` }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.call('admin', { method: 'GET', url: `/api/v1/query/${ids['sqllab-one'].server}` }))
          .statusCode,
      ).toBe(200);
    });

    it('answers 404 for an unknown id', async () => {
      expect(
        (await t.call('admin', { method: 'GET', url: '/api/v1/query/999999' })).statusCode,
      ).toBe(404);
    });
  });

  describe('GET /api/v1/query/', () => {
    const list = async (caller: 'admin' | 'sqllab' | 'gamma', q?: string) =>
      t.call(caller, { method: 'GET', url: q ? `/api/v1/query/?q=${rison(q)}` : '/api/v1/query/' });

    it("shows users only their own queries, newest first, and admins everyone's", async () => {
      const mine = await list('sqllab');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().count).toBe(2);
      expect(mine.json().result.map((q: { sql: string }) => q.sql)).toEqual([
        'SELECT nope FROM numbers',
        'SELECT count(*) FROM numbers',
      ]);
      const all = await list('admin');
      expect(all.json().count).toBe(4);
      expect(all.json().result[0]).toMatchObject({
        database: { database_name: 'numbers' },
        status: 'failed',
        user: { first_name: expect.any(String), last_name: expect.any(String) },
        sql_tables: [{ table: 'numbers', schema: null, catalog: null }],
      });
      expect(all.json().list_columns).toContain('sql_tables');
    });

    it('filters on database, status, user and SQL text', async () => {
      const byDb = await list('admin', `(filters:!((col:database,opr:rel_o_m,value:${other})))`);
      expect(byDb.json().result.map((q: { tab_name: string }) => q.tab_name)).toEqual([
        'admin-other',
      ]);
      const byStatus = await list('admin', '(filters:!((col:status,opr:eq,value:failed)))');
      expect(byStatus.json().count).toBe(1);
      const byUser = await list('admin', '(filters:!((col:user,opr:rel_o_m,value:1)))');
      expect(byUser.json().count).toBe(2);
      const bySql = await list('admin', "(filters:!((col:sql,opr:ct,value:'COUNT(*)')))");
      expect(bySql.json().result.map((q: { tab_name: string }) => q.tab_name)).toEqual([
        'sqllab-one',
      ]);
      const percent = await list('admin', "(filters:!((col:sql,opr:ct,value:'%')))");
      expect(percent.json().count).toBe(0);
    });

    it('pages and orders', async () => {
      const page = await list(
        'admin',
        '(order_column:rows,order_direction:asc,page:0,page_size:2)',
      );
      expect(page.json().result).toHaveLength(2);
      expect(page.json().count).toBe(4);
    });

    it('answers 400 for an unknown filter column or order column', async () => {
      expect((await list('admin', '(filters:!((col:nope,opr:eq,value:1)))')).statusCode).toBe(400);
      expect((await list('admin', '(order_column:nope)')).statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/query/updated_since', () => {
    it("answers the caller's queries changed since the time given", async () => {
      const res = await t.call('sqllab', {
        method: 'GET',
        url: `/api/v1/query/updated_since?q=${rison('(last_updated_ms:0)')}`,
      });
      expect(res.statusCode).toBe(200);
      const result = res.json().result as Array<{ id: string; userId: number }>;
      expect(result.map((q) => q.id).sort()).toEqual(
        [ids['sqllab-one'].client, 'failingq001'].sort(),
      );
      const later = await t.call('sqllab', {
        method: 'GET',
        url: `/api/v1/query/updated_since?q=${rison(`(last_updated_ms:${Date.now() + 60_000})`)}`,
      });
      expect(later.json().result).toEqual([]);
    });

    it('answers 400 without last_updated_ms', async () => {
      expect(
        (await t.call('sqllab', { method: 'GET', url: '/api/v1/query/updated_since' })).statusCode,
      ).toBe(400);
      expect(
        (
          await t.call('sqllab', {
            method: 'GET',
            url: `/api/v1/query/updated_since?q=${rison('(x:1)')}`,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('POST /api/v1/query/stop', () => {
    it('answers OK for a finished query and leaves it as it was', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/query/stop',
        payload: { client_id: ids['admin-one'].client },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'OK' });
      const query = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/query/${ids['admin-one'].server}`,
      });
      expect(query.json().result.status).toBe('success');
    });

    it("answers 404 for an unknown client id and for another user's query", async () => {
      const unknown = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/query/stop',
        payload: { client_id: 'nosuchquery' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Query with client_id nosuchquery not found' });
      const foreign = await t.call('sqllab', {
        method: 'POST',
        url: '/api/v1/query/stop',
        payload: { client_id: ids['admin-one'].client },
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('answers 400 without a client id', async () => {
      const res = await t.call('admin', { method: 'POST', url: '/api/v1/query/stop', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: { client_id: ['Missing data for required field.'] } });
    });
  });
});
