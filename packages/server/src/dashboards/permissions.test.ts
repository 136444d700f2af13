import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { BUILTIN_ROLES } from '../security/roles.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { BASE, createDashboard, insertChart, layoutOf, userId } from './testFixtures.ts';

/** The spec's edit rule with and without DASHBOARD_RBAC, and roles granting visibility. */

async function gammaWithoutWrite(t: TestApp) {
  const role = await securityRepository.getRoleByName(t.store.db, 'Gamma');
  if (!role) throw new Error('Gamma missing');
  const pairs = (BUILTIN_ROLES.Gamma ?? []).filter(
    ([p, v]) => !(p === 'can_write' && v === 'Dashboard'),
  );
  await securityRepository.setRolePermissions(t.store.db, role.id, pairs, 'replace');
}

describe.each([false, true])('dashboard edit rights with DASHBOARD_RBAC=%s', (rbac) => {
  let t: TestApp;
  let owned: number;
  let chart: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { TESSERA_FEATURE_FLAGS: rbac ? 'DASHBOARD_RBAC' : '' } });
    const shop = await addShopDatabase(t);
    chart = await insertChart(
      t,
      'Sales',
      await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' }),
    );
    owned = await createDashboard(t, {
      dashboard_title: 'Gamma owns',
      owners: [await userId(t, 'gamma')],
    });
    await gammaWithoutWrite(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    rbac ? 'lets an owner without can_write edit' : 'refuses an owner without can_write',
    async () => {
      const res = await t.call('gamma', {
        method: 'PUT',
        url: `${BASE}/${owned}`,
        payload: { css: 'x' },
      });
      if (rbac) {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You do not have permission to edit this dashboard');
      }
    },
  );

  it('refuses creating a dashboard without can_write', async () => {
    const res = await t.call('gamma', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { dashboard_title: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it(rbac ? 'stores roles and lets them grant visibility' : 'ignores roles', async () => {
    const gammaRole = await securityRepository.getRoleByName(t.store.db, 'Gamma');
    const id = await createDashboard(t, {
      dashboard_title: 'By role',
      published: true,
      roles: [gammaRole?.id as number],
      position_json: JSON.stringify(layoutOf([chart])),
    });
    const read = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
    const seen = await t.call('gamma', { method: 'GET', url: `${BASE}/${id}` });
    if (rbac) {
      expect(read.roles).toEqual([{ id: gammaRole?.id, name: 'Gamma' }]);
      expect(seen.statusCode).toBe(200);
    } else {
      expect(read.roles).toEqual([]);
      // Gamma has no grant on the sales dataset, and roles do not count without the flag.
      expect(seen.statusCode).toBe(404);
    }
  });
});

describe('dashboards seen by a user with access to all data', () => {
  let t: TestApp;
  let published: number;
  let draft: number;

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await addShopDatabase(t);
    const chart = await insertChart(
      t,
      'Sales',
      await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' }),
    );
    const position_json = JSON.stringify(layoutOf([chart]));
    published = await createDashboard(t, {
      dashboard_title: 'Shared',
      published: true,
      position_json,
    });
    draft = await createDashboard(t, {
      dashboard_title: 'Not yet',
      published: false,
      position_json,
    });
    const db = t.store.db;
    const allData = await securityRepository.insertRole(db, 'AllData');
    const pairs: Array<[string, string]> = [['all_datasource_access', 'all_datasource_access']];
    await securityRepository.ensurePermissionViews(db, pairs);
    await securityRepository.setRolePermissions(db, allData, pairs, 'add');
    const gamma = await securityRepository.getRoleByName(db, 'Gamma');
    await securityRepository.setUserRoles(db, await userId(t, 'gamma'), [
      gamma?.id as number,
      allData,
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists other people's published dashboards but not their drafts, as Superset does", async () => {
    const list = await t.call('gamma', { method: 'GET', url: `${BASE}/` });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().result as Array<{ id: number }>).map((d) => d.id);
    expect(ids).toContain(published);
    expect(ids).not.toContain(draft);
    expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${draft}` })).statusCode).toBe(
      404,
    );
    const admin = await t.call('admin', { method: 'GET', url: `${BASE}/${draft}` });
    expect(admin.statusCode).toBe(200);
  });
});
