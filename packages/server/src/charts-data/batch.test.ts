import { chartDataBatchTooLargeMessage } from '@tessera/shared/api/chartData';
import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { BATCH_CONCURRENCY, BATCH_JSON_ONLY_MESSAGE } from './batch.ts';
import { chartDataCompileCount } from './service.ts';

/** `POST /api/v1/chart/data/batch` on the shop DuckDB fixture of the chart-data tests. */

const URL = '/api/v1/chart/data/batch';
const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  column: { column_name: 'amount' },
  aggregate: 'SUM',
  label: 'total',
};

describe.each(storeKinds())('chart data batch on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  let regions: number;
  let shopId: number;
  const byRegion = (id: number) => ({
    datasource: { id, type: 'table' },
    queries: [{ columns: ['region'], metrics: [SUM_AMOUNT], orderby: [['region', true]] }],
  });
  const names = (id: number) => ({
    datasource: { id, type: 'table' },
    queries: [{ columns: ['code', 'name'], orderby: [['code', true]] }],
  });
  const post = (caller: 'admin' | 'gamma' | 'anonymous', payload: unknown, query = '') =>
    t.call(caller, { method: 'POST', url: `${URL}${query}`, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    shopId = shop.id;
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers each query context as POST /api/v1/chart/data does, in order', async () => {
    const res = await post('admin', { queries: [byRegion(sales), names(regions)] });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().result;
    expect(first.status).toBe(200);
    expect(first.result[0]).toMatchObject({
      status: 'success',
      colnames: ['region', 'total'],
      data: [
        { region: 'EU', total: 15.75 },
        { region: 'US', total: 20 },
      ],
    });
    const single = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: names(regions),
    });
    const [alone] = single.json().result;
    // The single call read the cache the batch filled: the same service, the same key.
    expect(alone.is_cached).toBe(true);
    expect(second.result[0]).toEqual({ ...alone, is_cached: false, cached_dttm: null });
  });

  it("answers a cached entry with the very text of the single route's cached answer", async () => {
    const single = () =>
      t.call('admin', { method: 'POST', url: '/api/v1/chart/data', payload: names(regions) });
    await single();
    const alone = await single();
    const res = await post('admin', { queries: [names(regions)] });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // `{"result":[...]}` of the single route is the entry's `"result":[...]` to the byte.
    const text = alone.body.slice('{"result":'.length, -1);
    expect(res.body).toBe(`{"result":[{"status":200,"result":${text}}]}`);
  });

  it('answers a forbidden and a bad entry on their own while the good ones run', async () => {
    const res = await post('gamma', {
      queries: [
        byRegion(sales),
        names(regions),
        { queries: [{ columns: ['region'] }] },
        { ...byRegion(sales), result_format: 'csv' },
        byRegion(99999),
        byRegion(sales),
      ],
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.map((r: { status: number }) => r.status)).toEqual([200, 403, 400, 400, 404, 200]);
    expect(result[0].result[0].data).toHaveLength(2);
    expect(result[1].errors[0]).toMatchObject({
      error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      message:
        'This endpoint requires the datasource regions, database or `all_datasource_access` permission',
    });
    expect(result[2].message).toEqual({ datasource: ['Missing data for required field.'] });
    expect(result[3].message).toBe(BATCH_JSON_ONLY_MESSAGE);
    expect(result[5]).toEqual(result[0]);
  });

  it('refuses an empty or oversized batch, and anonymous callers, as a whole', async () => {
    const empty = await post('admin', { queries: [] });
    expect(empty.statusCode).toBe(400);
    const tooMany = await post('admin', {
      queries: Array.from({ length: 101 }, () => byRegion(sales)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toEqual({ queries: [chartDataBatchTooLargeMessage(100)] });
    const anonymous = await post('anonymous', { queries: [byRegion(sales)] });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves a repeated batch (a warm dashboard) from the cache without compiling again', async () => {
    const queries = [byRegion(sales), names(regions)];
    const cold = (await post('admin', { queries }, '?force=true')).json().result;
    expect(
      cold.map((r: { result: Array<{ is_cached: boolean }> }) => r.result[0]?.is_cached),
    ).toEqual([false, false]);
    const compiled = chartDataCompileCount();
    const warm = (await post('admin', { queries })).json().result;
    expect(
      warm.map((r: { result: Array<{ is_cached: boolean }> }) => r.result[0]?.is_cached),
    ).toEqual([true, true]);
    expect(warm[0].result[0].data).toEqual(cold[0].result[0].data);
    expect(chartDataCompileCount()).toBe(compiled);
  });

  it('runs the entries of a batch at the same time, not one after another', async () => {
    // Each query notes when DuckDB started it (its transaction's start), then counts for a while.
    const slow = await createDataset(t, {
      database: shopId,
      schema: 'main',
      table_name: 'slow_count',
      sql: 'SELECT epoch(get_current_timestamp()) * 1000 AS started_ms, (SELECT count(*) FROM range(250000000)) AS n',
    });
    const startedAt = {
      datasource: { id: slow, type: 'table' },
      queries: [{ columns: ['started_ms', 'n'] }],
    };
    const single = performance.now();
    await post('admin', { queries: [startedAt] }, '?force=true');
    const oneQueryMs = performance.now() - single;
    const res = await post(
      'admin',
      { queries: Array.from({ length: BATCH_CONCURRENCY }, () => startedAt) },
      '?force=true',
    );
    const starts = (
      res.json().result as Array<{ result: Array<{ data: Array<{ started_ms: number }> }> }>
    ).map((entry) => entry.result[0]?.data[0]?.started_ms as number);
    // One after another, the last would start at least (BATCH_CONCURRENCY - 1) queries later.
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(oneQueryMs);
  });

  it('runs a full batch of 100 and honours force', async () => {
    const res = await post(
      'admin',
      { queries: Array.from({ length: 100 }, () => byRegion(sales)) },
      '?force=true',
    );
    expect(res.statusCode).toBe(200);
    const result = res.json().result as Array<{
      status: number;
      result: Array<{ is_cached: boolean }>;
    }>;
    expect(result).toHaveLength(100);
    expect(result.every((r) => r.status === 200 && r.result[0]?.is_cached === false)).toBe(true);
  });
});
