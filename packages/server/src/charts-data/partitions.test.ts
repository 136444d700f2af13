import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { createScratchPostgresDatabase, TEST_POSTGRES_URL } from '../testing/stores.ts';

/** The LATEST PARTITION operator: PostgreSQL declarative partitions; other engines refuse. */

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' };

describe('latest partition on DuckDB', () => {
  let t: TestApp;
  let sales: number;
  beforeAll(async () => {
    t = await createTestApp();
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 400 DuckDB has no partitions', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: sales, type: 'table' },
        queries: [{ metrics: [COUNT], filters: [{ col: 'sold_at', op: 'LATEST PARTITION' }] }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'DuckDB has no partitions' });
  });
});

if (!TEST_POSTGRES_URL) {
  console.warn('PostgreSQL latest-partition tests skipped: TESSERA_TEST_POSTGRES_URL is not set');
}

describe.skipIf(!TEST_POSTGRES_URL)('latest partition on PostgreSQL', () => {
  let t: TestApp;
  let scratch: { url: string; drop: () => Promise<void> };
  const ids: Record<string, number> = {};
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const chart = (dataset: number, col: string, extra: Record<string, unknown> = {}) =>
    t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: dataset, type: 'table' },
        queries: [
          {
            columns: [col],
            metrics: [COUNT],
            orderby: [[col, true]],
            ...extra,
            filters: [{ col, op: 'LATEST PARTITION' }],
          },
        ],
      },
    });

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    await admin(`
      CREATE TABLE events (day date NOT NULL, kind text) PARTITION BY RANGE (day);
      CREATE TABLE events_2024_01 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2024-02-01');
      CREATE TABLE events_2024_03 PARTITION OF events FOR VALUES FROM ('2024-03-01') TO ('2024-04-01');
      CREATE TABLE events_2024_02 PARTITION OF events FOR VALUES FROM ('2024-02-01') TO ('2024-03-01');
      INSERT INTO events VALUES ('2024-01-05', 'a'), ('2024-02-10', 'b'), ('2024-03-02', 'c'),
        ('2024-03-02', 'd'), ('2024-03-31', 'e');
      CREATE TABLE readings (batch int NOT NULL, v int) PARTITION BY LIST (batch);
      CREATE TABLE readings_small PARTITION OF readings FOR VALUES IN (1, 2);
      CREATE TABLE readings_big PARTITION OF readings FOR VALUES IN (9, 10);
      INSERT INTO readings VALUES (1, 1), (2, 2), (9, 3), (10, 4), (10, 5);
      CREATE TABLE plain (day date);
    `);
    t = await createTestApp();
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'partitioned', sqlalchemy_uri: scratch.url },
    });
    if (res.statusCode !== 201) throw new Error(`creating the database failed: ${res.body}`);
    for (const table of ['events', 'readings', 'plain']) {
      ids[table] = await createDataset(t, {
        database: res.json().id,
        schema: 'public',
        table_name: table,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('keeps the rows of the range partition with the greatest bound', async () => {
    const res = await chart(ids.events as number, 'day');
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().result;
    expect(result.data).toEqual([
      { day: Date.UTC(2024, 2, 2), n: 2 },
      { day: Date.UTC(2024, 2, 31), n: 1 },
    ]);
    expect(result.query).toContain(`WHERE "day" >= '2024-03-01' AND "day" < '2024-04-01'`);
  });

  it('keeps the values of the list partition holding the greatest value', async () => {
    const res = await chart(ids.readings as number, 'batch');
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().result;
    expect(result.data).toEqual([
      { batch: 9, n: 1 },
      { batch: 10, n: 2 },
    ]);
    expect(result.query).toContain('WHERE "batch" IN (9, 10)');
  });

  it('refuses a table that is not partitioned, or a column that is not the key', async () => {
    const plain = await chart(ids.plain as number, 'day');
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ message: 'Table public.plain is not partitioned' });
    const other = await chart(ids.events as number, 'kind');
    expect(other.json()).toEqual({
      message: 'Column "kind" is not the partition key of public.events (it is "day")',
    });
  });
});
