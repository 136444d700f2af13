import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { createScratchPostgresDatabase, TEST_POSTGRES_URL } from '../testing/stores.ts';
import { BASE } from './testFixtures.ts';

/** Datasets whose data lives in a real PostgreSQL (`TESSERA_TEST_POSTGRES_URL`). */

if (!TEST_POSTGRES_URL) {
  console.warn('PostgreSQL dataset tests skipped: TESSERA_TEST_POSTGRES_URL is not set');
}

describe.skipIf(!TEST_POSTGRES_URL)('datasets on a PostgreSQL database', () => {
  let t: TestApp;
  let databaseId: number;
  // A database of its own, so schema listings of other suites never see these tables.
  let scratch: { url: string; drop: () => Promise<void> };
  const schema = 'shop';

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    await admin(`
      CREATE SCHEMA ${schema};
      CREATE TABLE ${schema}.orders (
        id serial PRIMARY KEY, customer text NOT NULL, amount numeric(10,2),
        ordered_at timestamptz, shipped_on date, express boolean
      );
      INSERT INTO ${schema}.orders (customer, amount, ordered_at, shipped_on, express) VALUES
        ('ada', 12.50, '2024-01-01 10:00+00', '2024-01-03', true),
        ('bob', 7.00, '2024-01-02 11:00+00', NULL, false);
    `);
    t = await createTestApp();
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'warehouse', sqlalchemy_uri: scratch.url },
    });
    if (res.statusCode !== 201)
      throw new Error(`creating the PostgreSQL database failed: ${res.body}`);
    databaseId = res.json().id;
  });

  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  let id: number;

  it('creates a physical dataset from a PostgreSQL table with its temporal columns', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { database: databaseId, schema, table_name: 'orders' },
    });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    const { result } = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json();
    const columns = Object.fromEntries(
      result.columns.map((c: { column_name: string }) => [c.column_name, c]),
    );
    expect(Object.keys(columns)).toEqual([
      'id',
      'customer',
      'amount',
      'ordered_at',
      'shipped_on',
      'express',
    ]);
    expect(columns.ordered_at).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(columns.shipped_on).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(columns.amount).toMatchObject({ is_dttm: false, type_generic: 0 });
    expect(columns.express).toMatchObject({ type_generic: 3 });
    expect(result.main_dttm_col).toBe('ordered_at');
    expect(result.database.backend).toBe('postgresql');
    expect(result.select_star).toContain(`"${schema}"."orders"`);
  });

  it('refuses a table missing from the schema', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { database: databaseId, schema, table_name: 'nope' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message.table_name[0]).toMatch(/^Table \[nope\] could not be found/);
  });

  it('validates expressions on PostgreSQL and reports its message', async () => {
    const ok = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { metrics: [{ metric_name: 'revenue', expression: 'SUM(amount)' }] },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { metrics: [{ metric_name: 'bad', expression: 'SUM(customer)' }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message.metrics[0]).toMatch(/^Invalid expression for metric "bad": .*sum/i);
  });

  it('refreshes after the table changes, keeping the metric', async () => {
    await admin(`ALTER TABLE ${schema}.orders ADD COLUMN channel text`);
    const res = await t.call('admin', { method: 'PUT', url: `${BASE}/${id}/refresh` });
    expect(res.statusCode).toBe(200);
    const { result } = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json();
    expect(result.columns.map((c: { column_name: string }) => c.column_name)).toContain('channel');
    expect(result.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(['revenue']);
  });

  it('creates a virtual dataset from PostgreSQL SQL with template params', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: `${BASE}/`,
      payload: {
        database: databaseId,
        schema,
        table_name: 'express_orders',
        sql: `SELECT customer, ordered_at FROM ${schema}.orders WHERE express = {{ express }}`,
        template_params: '{"express": "true"}',
      },
    });
    expect(res.statusCode).toBe(201);
    const { result } = (
      await t.call('admin', { method: 'GET', url: `${BASE}/${res.json().id}` })
    ).json();
    expect(result.columns.map((c: { column_name: string }) => c.column_name)).toEqual([
      'customer',
      'ordered_at',
    ]);
    expect(result.main_dttm_col).toBe('ordered_at');
  });
});
