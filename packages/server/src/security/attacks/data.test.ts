import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../databases/connections.ts';
import { defineDataset } from '../../datasets/service.ts';
import { singleSelect } from '../../datasets/source.ts';
import { addShopDatabase, createDataset } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { guestActor, systemActor } from '../actor.ts';

/**
 * Issue 21 items 1 and 2 on the data features, performed: a non-admin connecting SQLite or
 * DuckDB files (the road to the metadata store), oversized names, SQL and expressions, and a
 * regex fed a hostile text. Issue 14: a dataset written through the service by the system and
 * refused to a guest, without HTTP.
 */

const setting = { baseUrl: 'http://localhost', log: pino({ level: 'silent' }) };
const refusal = (engine: string) => ({
  message: { sqlalchemy_uri: [`${engine} cannot be used as a data source for security reasons.`] },
});

/** CPU time this process spent since `start`: wall time means little on a loaded machine. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

let t: TestApp;
let shop: { id: number; file: string };
let sqliteFile: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await addShopDatabase(t, 'shop');
  sqliteFile = path.join(t.home, 'plain.sqlite');
  new Database(sqliteFile).exec('CREATE TABLE t (x INTEGER)');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('unsafe connections (PREVENT_UNSAFE_DB_CONNECTIONS)', () => {
  it('refuses Alpha a SQLite connection pointing at the metadata store, writing nothing', async () => {
    const res = await t.call('alpha', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: {
        database_name: 'meta',
        sqlalchemy_uri: `sqlite:///${path.join(t.home, 'tessera.db')}`,
        allow_dml: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('SQLite'));
    const names = await t.store.db.selectFrom('dbs').select('database_name').execute();
    expect(names.map((n) => n.database_name)).not.toContain('meta');
  });

  it('refuses Alpha a DuckDB file and test_connection of either engine', async () => {
    const create = await t.call('alpha', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'duck', sqlalchemy_uri: `duckdb:///${shop.file}` },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual(refusal('DuckDB'));
    for (const [uri, engine] of [
      [`sqlite:///${sqliteFile}`, 'SQLite'],
      ['duckdb:///:memory:', 'DuckDB'],
    ]) {
      const test = await t.call('alpha', {
        method: 'POST',
        url: '/api/v1/database/test_connection/',
        payload: { sqlalchemy_uri: uri },
      });
      expect(test.statusCode).toBe(400);
      expect(test.json()).toEqual(refusal(engine as string));
    }
  });

  it("refuses Alpha edits of an admin's DuckDB connection (allow_dml)", async () => {
    const res = await t.call('alpha', {
      method: 'PUT',
      url: `/api/v1/database/${shop.id}`,
      payload: { allow_dml: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('DuckDB'));
    const row = await t.store.db
      .selectFrom('dbs')
      .select('allow_dml')
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.allow_dml)).toBe(false);
  });

  it('lets an admin connect SQLite', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'plain sqlite', sqlalchemy_uri: `sqlite:///${sqliteFile}` },
    });
    expect(res.statusCode).toBe(201);
  });

  it('lets Alpha connect SQLite when the setting is off', async () => {
    const open = await createTestApp({ env: { TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS: 'false' } });
    try {
      const res = await open.call('alpha', {
        method: 'POST',
        url: '/api/v1/database/',
        payload: { database_name: 'allowed', sqlalchemy_uri: `sqlite:///${sqliteFile}` },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await open.close();
    }
  });
});

describe('oversized inputs answer 400 naming the field', () => {
  const fieldOf = (body: string) => Object.keys((JSON.parse(body) as { message: object }).message);

  it('caps virtual SQL at 1 MB and expressions at 64 KB', async () => {
    const sql = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/dataset/',
      payload: { database: shop.id, table_name: 'huge', sql: `SELECT 1 -- ${'x'.repeat(1 << 20)}` },
    });
    expect(sql.statusCode).toBe(400);
    expect(fieldOf(sql.body)).toEqual(['sql']);

    const id = await createDataset(t, { database: shop.id, table_name: 'sales', schema: 'main' });
    const metric = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/dataset/${id}`,
      payload: {
        metrics: [{ metric_name: 'm', expression: `SUM(amount) + ${'1+'.repeat(40_000)}1` }],
      },
    });
    expect(metric.statusCode).toBe(400);
    expect(fieldOf(metric.body)).toEqual(['metrics']);
  });

  it('caps schema and table names sent to the browse routes', async () => {
    const q = new URLSearchParams({ name: 'sales', schema: 's'.repeat(100_000) });
    const res = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/database/${shop.id}/table_metadata/?${q}`,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res.body)).toEqual(['schema']);
  });

  it('caps RLS clauses, CSS and annotation texts', async () => {
    const rls = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'big',
        filter_type: 'Regular',
        tables: [1],
        roles: [],
        clause: `1 = ${'1'.repeat(70_000)}`,
      },
    });
    expect(rls.statusCode).toBe(400);
    expect(fieldOf(rls.body)).toEqual(['clause']);

    const css = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/css_template/',
      payload: { template_name: 'big', css: `/* ${'x'.repeat(1 << 20)} */` },
    });
    expect(css.statusCode).toBe(400);
    expect(fieldOf(css.body)).toEqual(['css']);

    const layer = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/annotation_layer/',
      payload: { name: 'big', descr: 'd'.repeat((1 << 20) + 1) },
    });
    expect(layer.statusCode).toBe(400);
    expect(fieldOf(layer.body)).toEqual(['descr']);
  });

  it('strips trailing semicolons of a hostile SQL text in linear time', () => {
    const started = process.cpuUsage();
    expect(() => singleSelect(`${';'.repeat(200_000)}SELECT 1`)).toThrow();
    expect(singleSelect(`SELECT 1${' ;'.repeat(200_000)}`).trimEnd()).toBe('SELECT 1');
    expect(cpuMsSince(started)).toBeLessThan(1000);
  });
});

describe('a 9 MB text costs no route more than a second', () => {
  it('answers each write route of the data features with a quick 400', async () => {
    const big = 'x'.repeat(9 * 1024 * 1024);
    const id = await createDataset(t, {
      database: shop.id,
      table_name: 'big_target',
      sql: 'SELECT 1 AS x',
    });
    const attempts: Array<[string, string, Record<string, unknown>]> = [
      [
        'POST',
        '/api/v1/dataset/',
        { database: shop.id, table_name: 'big', sql: `SELECT '${big}'` },
      ],
      ['PUT', `/api/v1/dataset/${id}`, { sql: `SELECT 1 -- ${big}` }],
      ['PUT', `/api/v1/dataset/${id}`, { fetch_values_predicate: big }],
      [
        'POST',
        '/api/v1/database/',
        { database_name: 'big', sqlalchemy_uri: 'postgresql://h/d', extra: `{"a":"${big}"}` },
      ],
      [
        'POST',
        '/api/v1/rowlevelsecurity/',
        { name: 'big', filter_type: 'Base', tables: [id], clause: big },
      ],
      ['POST', '/api/v1/css_template/', { template_name: 'big', css: big }],
      ['POST', '/api/v1/annotation_layer/', { name: 'big', descr: big }],
    ];
    for (const [method, url, payload] of attempts) {
      const started = process.cpuUsage();
      const res = await t.call('admin', { method: method as 'POST', url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(cpuMsSince(started), `${method} ${url}`).toBeLessThan(1000);
    }
  });
});

describe('permission before anything (issue 21, item 14)', () => {
  it('refuses an anonymous empty bulk delete of datasets (401, not 200)', async () => {
    for (const caller of ['anonymous', 'gamma'] as const) {
      const res = await t.call(caller, { method: 'DELETE', url: '/api/v1/dataset/?q=!()' });
      expect(res.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
    }
  });
});

describe('one write path for datasets (issue 14)', () => {
  it('creates a dataset through the service as the system, then refuses its twin', async () => {
    const connections = new ConnectionManager(t.config, t.store, setting.log);
    try {
      const system = systemActor(setting);
      const made = await defineDataset({ store: t.store, connections }, system, {
        database: shop.id,
        table_name: 'regions',
        schema: 'main',
        metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
      });
      expect(made.outcome).toBe('created');
      const row = await t.store.db
        .selectFrom('tables')
        .selectAll()
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(row.created_by_fk).toBeNull();
      const columns = await t.store.db
        .selectFrom('table_columns')
        .select('column_name')
        .where('table_id', '=', made.id)
        .execute();
      expect(columns.map((c) => c.column_name).sort()).toEqual(['code', 'name']);

      await expect(
        defineDataset({ store: t.store }, system, {
          database: shop.id,
          table_name: 'regions',
          schema: 'main',
          columns: [{ column_name: 'code' }],
        }),
      ).rejects.toMatchObject({ status: 422 });
      const kept = await defineDataset(
        { store: t.store },
        system,
        { database: shop.id, table_name: 'regions', schema: 'main', columns: [] },
        { ifExists: 'keep' },
      );
      expect(kept).toMatchObject({ id: made.id, outcome: 'kept' });

      const overwritten = await defineDataset(
        { store: t.store },
        system,
        {
          database: shop.id,
          table_name: 'regions',
          schema: 'main',
          columns: [{ column_name: 'code' }, { column_name: 'label', expression: 'upper(name)' }],
          metrics: [{ metric_name: 'n', expression: 'COUNT(DISTINCT code)' }],
        },
        { ifExists: 'overwrite' },
      );
      expect(overwritten).toMatchObject({ id: made.id, outcome: 'overwritten' });
      const metrics = await t.store.db
        .selectFrom('sql_metrics')
        .select('metric_name')
        .where('table_id', '=', made.id)
        .execute();
      expect(metrics.map((m) => m.metric_name)).toEqual(['n']);
    } finally {
      await connections.closeAll();
    }
  });

  it('refuses a guest, even one whose role could write, and writes nothing', async () => {
    const guest = guestActor(
      { user: { username: 'g', first_name: 'G', last_name: 'Uest' }, resources: [], rls: [] },
      { Admin: [] },
      setting,
    );
    await expect(
      defineDataset({ store: t.store }, guest, {
        database: shop.id,
        table_name: 'eu_sales',
        schema: 'main',
        columns: [{ column_name: 'id' }],
      }),
    ).rejects.toMatchObject({ status: 403 });
    const rows = await t.store.db
      .selectFrom('tables')
      .select('id')
      .where('table_name', '=', 'eu_sales')
      .execute();
    expect(rows).toEqual([]);
  });
});
