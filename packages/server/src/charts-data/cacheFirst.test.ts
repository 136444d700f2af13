import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { chartDataCompileCount } from './service.ts';

/** A cached chart-data answer is found before any SQL is compiled, with every check still made. */

const URL = '/api/v1/chart/data';
const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  column: { column_name: 'amount' },
  aggregate: 'SUM',
  label: 'total',
};

describe.each(storeKinds())('cached chart data on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  const body = (queries: Array<Record<string, unknown>>) => ({
    datasource: { id: sales, type: 'table' },
    queries,
  });
  const post = (caller: 'admin' | 'gamma', payload: unknown) =>
    t.call(caller, { method: 'POST', url: URL, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await createTestApp({ store, config: { rowLimit: 10, sqlMaxRow: 1000 } });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a cached query without compiling it again', async () => {
    const payload = body([
      {
        columns: ['region'],
        metrics: [SUM_AMOUNT, { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
        orderby: [['region', true]],
      },
    ]);
    const first = (await post('admin', payload)).json().result[0];
    expect(first.is_cached).toBe(false);
    const compiled = chartDataCompileCount();
    const second = (await post('admin', payload)).json().result[0];
    expect(second).toMatchObject({ is_cached: true, cache_key: first.cache_key, data: first.data });
    expect(second.query).toBe(first.query);
    expect(chartDataCompileCount()).toBe(compiled);
  });

  it('still compiles a result_type query answer, which is never cached', async () => {
    const payload = body([{ columns: ['region'], metrics: [SUM_AMOUNT], result_type: 'query' }]);
    const before = chartDataCompileCount();
    for (let i = 0; i < 2; i += 1) {
      const [result] = (await post('admin', payload)).json().result;
      expect(result.language).toBe('sql');
      expect(result.query).toMatch(/SUM\(/i);
    }
    expect(chartDataCompileCount()).toBe(before + 2);
  });

  it('answers a new result once a saved metric is edited', async () => {
    const created = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/dataset/${sales}`,
      payload: { metrics: [{ metric_name: 'm', expression: 'SUM(amount)' }] },
    });
    expect(created.statusCode).toBe(200);
    const payload = body([{ metrics: ['m'] }]);
    const first = (await post('admin', payload)).json().result[0];
    expect((await post('admin', payload)).json().result[0].is_cached).toBe(true);
    const metricId = (
      await t.call('admin', { method: 'GET', url: `/api/v1/dataset/${sales}` })
    ).json().result.metrics[0].id;
    const edit = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/dataset/${sales}`,
      payload: { metrics: [{ id: metricId, metric_name: 'm', expression: 'MAX(amount)' }] },
    });
    expect(edit.statusCode).toBe(200);
    const after = (await post('admin', payload)).json().result[0];
    expect(after.is_cached).toBe(false);
    expect(after.cache_key).not.toBe(first.cache_key);
    expect(after.query).toMatch(/MAX\(amount\)/i);
    expect(after.data).not.toEqual(first.data);
  });

  it('refuses a cached answer once the data access behind it is revoked', async () => {
    const pair: [string, string] = ['datasource_access', datasourceView('shop', 'sales', sales)];
    const before = (await securityRepository.rolePermissionsByName(t.store.db, 'Gamma')).Gamma;
    await grantToRole(t, 'Gamma', pair);
    const payload = body([{ columns: ['region'], metrics: [SUM_AMOUNT] }]);
    const first = await post('gamma', payload);
    expect(first.statusCode).toBe(200);
    const cached = await post('gamma', payload);
    expect(cached.json().result[0].is_cached).toBe(true);
    const gamma = await securityRepository.getRoleByName(t.store.db, 'Gamma');
    await securityRepository.setRolePermissions(
      t.store.db,
      gamma?.id as number,
      before ?? [],
      'replace',
    );
    const denied = await post('gamma', payload);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
  });
});
