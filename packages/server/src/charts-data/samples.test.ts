import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** `POST /datasource/samples` on the shop DuckDB fixture (sales: 3 rows). */

describe.each(storeKinds())('datasource samples on the %s metadata store', (store) => {
  let t: TestApp;
  let shop: { id: number; file: string };
  let sales: number;
  const samples = (
    caller: 'admin' | 'alpha' | 'gamma',
    query: string,
    payload?: Record<string, unknown>,
  ) =>
    t.call(caller, {
      method: 'POST',
      url: `/datasource/samples?${query}`,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ store, config: { samplesRowLimit: 2 } });
    shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers rows capped by SAMPLES_ROW_LIMIT with the total count', async () => {
    const res = await samples('admin', `datasource_type=table&datasource_id=${sales}`);
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toMatchObject({
      colnames: ['id', 'region', 'amount', 'sold_at', 'sold_on', 'paid'],
      coltypes: [0, 1, 0, 2, 2, 3],
      rowcount: 2,
      total_count: 3,
      page: 1,
      per_page: 2,
      is_cached: false,
    });
    expect(result.data).toHaveLength(2);
    expect(result.cache_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('pages, and refuses a page size above the limit', async () => {
    const second = await samples(
      'admin',
      `datasource_type=table&datasource_id=${sales}&per_page=2&page=2`,
    );
    expect(second.json().result).toMatchObject({ rowcount: 1, page: 2, per_page: 2 });
    const first = await samples(
      'admin',
      `datasource_type=table&datasource_id=${sales}&per_page=2&page=1`,
    );
    const ids = [...first.json().result.data, ...second.json().result.data].map(
      (r: { id: number }) => r.id,
    );
    expect(new Set(ids).size).toBe(3);
    const tooMany = await samples(
      'admin',
      `datasource_type=table&datasource_id=${sales}&per_page=3`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message: { per_page: ['Must be greater than or equal to 1 and less than or equal to 2.'] },
    });
    const page0 = await samples('admin', `datasource_type=table&datasource_id=${sales}&page=0`);
    expect(page0.statusCode).toBe(400);
  });

  it('applies the payload filters to rows and count', async () => {
    const res = await samples('admin', `datasource_type=table&datasource_id=${sales}`, {
      filters: [{ col: 'region', op: '==', val: 'EU' }],
      time_range: 'No filter',
      granularity: 'sold_at',
      extras: { where: 'amount > 6' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ total_count: 1, rowcount: 1 });
    expect(res.json().result.data[0]).toMatchObject({ id: 1, region: 'EU', amount: 10.5 });
  });

  it('caches, and force bypasses the cache', async () => {
    const query = `datasource_type=table&datasource_id=${sales}&per_page=1`;
    const first = (await samples('admin', query)).json().result;
    const second = (await samples('admin', query)).json().result;
    expect(first.is_cached).toBe(false);
    expect(second).toMatchObject({ is_cached: true, cache_key: first.cache_key });
    const forced = (await samples('admin', `${query}&force=true`)).json().result;
    expect(forced.is_cached).toBe(false);
  });

  it('answers 404 for a missing datasource, 400 for an unknown type', async () => {
    expect((await samples('admin', 'datasource_type=table&datasource_id=9999')).statusCode).toBe(
      404,
    );
    const bad = await samples('admin', `datasource_type=druid&datasource_id=${sales}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Datasource type "druid" is not supported for chart data');
  });

  it('needs datasource access, and applies row-level security', async () => {
    const query = `datasource_type=table&datasource_id=${sales}`;
    const denied = await samples('gamma', query);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
    const gamma = await securityRepository.getRoleByName(t.store.db, 'Gamma');
    const rule = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'US only',
        filter_type: 'Regular',
        tables: [sales],
        roles: [gamma?.id],
        clause: "region = 'US'",
      },
    });
    expect(rule.statusCode).toBe(201);
    const allowed = (await samples('gamma', query)).json().result;
    expect(allowed).toMatchObject({ total_count: 1, rowcount: 1 });
    expect(allowed.data[0].region).toBe('US');
  });

  it('samples a SQL Lab query for its owner only', async () => {
    const run = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      payload: {
        client_id: `s${Date.now().toString(36)}`.slice(0, 11),
        database_id: shop.id,
        sql: 'SELECT region, amount FROM sales WHERE amount > 6 ORDER BY amount',
      },
    });
    expect(run.statusCode).toBe(200);
    const queryId = run.json().query_id as number;
    const res = await samples('admin', `datasource_type=query&datasource_id=${queryId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      colnames: ['region', 'amount'],
      total_count: 2,
      rowcount: 2,
    });
    const other = await samples('alpha', `datasource_type=query&datasource_id=${queryId}`);
    expect(other.statusCode).toBe(404);
  });
});
