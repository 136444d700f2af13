import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { MetadataChanges } from '../platform/metadata/changes.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { PRINCIPAL_TTL_MS, PrincipalMemo } from './principalMemo.ts';
import { securityRepository } from './repository.ts';

/**
 * The per-process memo of a request's user and roles: kept while nothing changed, reloaded after
 * any write of this process and after a few seconds, so a removed role is seen by the next call.
 */

function countingLoader() {
  let loads = 0;
  return {
    loads: () => loads,
    load: async () => {
      loads += 1;
      return { loaded: loads };
    },
  };
}

describe('principal memo', () => {
  it('serves a key from memory while the store has not changed', async () => {
    const memo = new PrincipalMemo<number, { loaded: number }>(new MetadataChanges());
    const loader = countingLoader();
    expect(await memo.get(1, loader.load)).toEqual({ loaded: 1 });
    expect(await memo.get(1, loader.load)).toEqual({ loaded: 1 });
    expect(await memo.get(2, loader.load)).toEqual({ loaded: 2 });
    expect(loader.loads()).toBe(2);
  });

  it('reloads after a write of this process and after its time to live', async () => {
    const changes = new MetadataChanges();
    let now = 1_000_000;
    const memo = new PrincipalMemo<number, { loaded: number }>(changes, () => now);
    const loader = countingLoader();
    await memo.get(1, loader.load);
    changes.bump();
    expect(await memo.get(1, loader.load)).toEqual({ loaded: 2 });
    now += PRINCIPAL_TTL_MS - 1;
    expect(await memo.get(1, loader.load)).toEqual({ loaded: 2 });
    now += 1;
    expect(await memo.get(1, loader.load)).toEqual({ loaded: 3 });
  });

  it('shares one load between concurrent misses', async () => {
    const memo = new PrincipalMemo<number, { loaded: number }>(new MetadataChanges());
    const loader = countingLoader();
    const answers = await Promise.all([1, 2, 3].map(() => memo.get(7, loader.load)));
    expect(answers).toEqual([{ loaded: 1 }, { loaded: 1 }, { loaded: 1 }]);
    expect(loader.loads()).toBe(1);
  });

  it('keeps neither a load a write overtook nor a failed one', async () => {
    const changes = new MetadataChanges();
    const memo = new PrincipalMemo<number, { loaded: number }>(changes);
    const loader = countingLoader();
    await memo.get(1, async () => {
      changes.bump();
      return loader.load();
    });
    expect(await memo.get(1, loader.load)).toEqual({ loaded: 2 });
    await expect(
      memo.get(2, async () => {
        throw new Error('store unavailable');
      }),
    ).rejects.toThrow('store unavailable');
    expect(await memo.get(2, loader.load)).toEqual({ loaded: 3 });
  });

  it('keeps nothing for a store without a change counter', async () => {
    const memo = new PrincipalMemo<number, { loaded: number }>(undefined);
    const loader = countingLoader();
    await memo.get(1, loader.load);
    await memo.get(1, loader.load);
    expect(loader.loads()).toBe(2);
  });
});

describe('a role or user change reaches the very next request', () => {
  let t: TestApp;
  let sales: number;
  let gammaId: number;
  let roleIds: Record<string, number>;
  const chartData = () => ({
    datasource: { id: sales, type: 'table' },
    queries: [
      {
        columns: ['region'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
      },
    ],
  });

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    const db = t.store.db;
    const analysts = await securityRepository.insertRole(db, 'Analysts');
    await securityRepository.setRolePermissions(
      db,
      analysts,
      [['datasource_access', datasourceView('shop', 'sales', sales)]],
      'add',
    );
    roleIds = Object.fromEntries(
      (await securityRepository.listRoles(db)).map((role) => [role.name, role.id]),
    );
    gammaId = (await securityRepository.getUserByName(db, 'gamma'))?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  const setGamma = async (body: Record<string, unknown>) => {
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/security/users/${gammaId}`,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  };

  it('refuses cached chart data once the role granting it is taken away', async () => {
    await setGamma({ roles: [roleIds.Gamma, roleIds.Analysts] });
    const bearer = await t.bearer('gamma');
    const admin = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: chartData(),
    });
    expect(admin.statusCode).toBe(200);
    for (const headers of [bearer, await t.session('gamma')]) {
      const granted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        headers,
        payload: chartData(),
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().result[0].is_cached).toBe(true);
    }
    await setGamma({ roles: [roleIds.Gamma] });
    for (const headers of [bearer, await t.session('gamma')]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        headers,
        payload: chartData(),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    }
  });

  it('refuses a class permission once its role is replaced', async () => {
    await setGamma({ roles: [roleIds.Gamma] });
    const bearer = await t.bearer('gamma');
    const list = () => t.app.inject({ method: 'GET', url: '/api/v1/dataset/', headers: bearer });
    expect((await list()).statusCode).toBe(200);
    await setGamma({ roles: [roleIds.sql_lab] });
    expect((await list()).statusCode).toBe(403);
    await setGamma({ roles: [roleIds.Gamma] });
    expect((await list()).statusCode).toBe(200);
  });

  it('answers 401 to the bearer token of a user deactivated since', async () => {
    const bearer = await t.bearer('gamma');
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: bearer });
    expect((await me()).statusCode).toBe(200);
    await setGamma({ active: false });
    expect((await me()).statusCode).toBe(401);
    await setGamma({ active: true });
    expect((await me()).statusCode).toBe(200);
  });
});
