import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { datasetSnapshot, SNAPSHOT_TTL_MS } from './sourceMemo.ts';

/**
 * Chart data keeps dataset metadata in a per-process memo; every edit must still show on the
 * very next call, cached answer or not.
 */

const URL = '/api/v1/chart/data';
const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  column: { column_name: 'amount' },
  aggregate: 'SUM',
  label: 'total',
};

describe.each(storeKinds())('the chart-data metadata memo on the %s store', (store) => {
  let t: TestApp;
  let sales: number;
  let gammaRole: number;
  const payload = () => ({
    datasource: { id: sales, type: 'table' },
    queries: [{ columns: ['region'], metrics: [SUM_AMOUNT], orderby: [['region', true]] }],
  });
  const post = (caller: 'admin' | 'gamma') =>
    t.call(caller, { method: 'POST', url: URL, payload: payload() });

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
    gammaRole = (await securityRepository.getRoleByName(t.store.db, 'Gamma'))?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies a new RLS rule, and its edit, to the next cached call', async () => {
    await post('gamma');
    const cached = (await post('gamma')).json().result[0];
    expect(cached.is_cached).toBe(true);
    expect(cached.data.map((r: { region: string }) => r.region)).toEqual(['EU', 'US']);

    const rule = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'EU only',
        filter_type: 'Regular',
        tables: [sales],
        roles: [gammaRole],
        clause: "region = 'EU'",
      },
    });
    expect(rule.statusCode).toBe(201);
    const filtered = (await post('gamma')).json().result[0];
    expect(filtered.is_cached).toBe(false);
    expect(filtered.query).toMatch(/region = 'EU'/);
    expect(filtered.data).toEqual([{ region: 'EU', total: 15.75 }]);
    // The admin holds no Gamma role: the rule does not apply to them.
    expect((await post('admin')).json().result[0].data).toHaveLength(2);

    const edit = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/rowlevelsecurity/${rule.json().id}`,
      payload: { clause: "region = 'US'" },
    });
    expect(edit.statusCode).toBe(200);
    expect((await post('gamma')).json().result[0].data).toEqual([{ region: 'US', total: 20 }]);

    const removed = await t.call('admin', {
      method: 'DELETE',
      url: `/api/v1/rowlevelsecurity/${rule.json().id}`,
    });
    expect(removed.statusCode).toBe(200);
    const open = (await post('gamma')).json().result[0];
    expect(open).toMatchObject({ is_cached: true, cache_key: cached.cache_key });
  });

  it('refuses the next call once data access is revoked', async () => {
    // Revoking the grant directly in the store (no service call) is seen at once too.
    const gamma = await securityRepository.getRoleByName(t.store.db, 'Gamma');
    const before =
      (await securityRepository.rolePermissionsByName(t.store.db, 'Gamma')).Gamma ?? [];
    expect((await post('gamma')).statusCode).toBe(200);
    await securityRepository.setRolePermissions(
      t.store.db,
      gamma?.id as number,
      before.filter(([permission]) => permission !== 'datasource_access'),
      'replace',
    );
    const denied = await post('gamma');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
  });

  it('reloads after any write of this process, and after a few seconds', async () => {
    const changes = t.store.changes;
    expect(changes).toBeDefined();
    let clock = 1_000_000;
    const now = () => clock;
    const derive = () => null;
    const first = await datasetSnapshot(t.store, sales, derive, now);
    expect(await datasetSnapshot(t.store, sales, derive, now)).toBe(first);
    expect(first?.rlsRules).toEqual([]);
    expect(Object.isFrozen(first?.dataset.columns)).toBe(true);

    // Any write through this process's store moves its counter: the next read reloads.
    const generation = changes?.generation();
    await t.store.db
      .updateTable('tables')
      .set({ description: 'edited' })
      .where('id', '=', sales)
      .execute();
    expect(changes?.generation()).not.toBe(generation);
    const reloaded = await datasetSnapshot(t.store, sales, derive, now);
    expect(reloaded).not.toBe(first);
    // Unchanged here, the entry holds until its time is up (the bound on another process's edit).
    expect(await datasetSnapshot(t.store, sales, derive, now)).toBe(reloaded);
    clock += SNAPSHOT_TTL_MS;
    expect(await datasetSnapshot(t.store, sales, derive, now)).not.toBe(reloaded);
  });
});
