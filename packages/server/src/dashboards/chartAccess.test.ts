import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { BASE, createDashboard, insertChart, layoutOf, userId } from './testFixtures.ts';

/**
 * With DASHBOARD_RBAC, roles on a dashboard grant its charts' data, so whoever edits a dashboard
 * must not be able to place charts whose data they cannot read themselves: the dashboard would
 * then hand that data to its owners and role holders. Gamma reads `regions`, not `sales`.
 */

const CHARTS_FORBIDDEN = /You do not have access to the data of chart/;

describe('charts an editor may place, with DASHBOARD_RBAC on', () => {
  let t: TestApp;
  let salesId: number;
  let adminChart: number;
  let regionsChart: number;
  let gammaRole: number;
  let gamma: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { TESSERA_FEATURE_FLAGS: 'DASHBOARD_RBAC' } });
    const shop = await addShopDatabase(t);
    salesId = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    const regionsId = await createDataset(t, {
      database: shop.id,
      schema: 'main',
      table_name: 'regions',
    });
    adminChart = await insertChart(t, 'Admin sales', salesId);
    regionsChart = await insertChart(t, 'Regions', regionsId);
    await grantToRole(t, 'Gamma', ['datasource_access', `[shop].[regions](id:${regionsId})`]);
    gammaRole = (await securityRepository.getRoleByName(t.store.db, 'Gamma'))?.id as number;
    gamma = await userId(t, 'gamma');
  });
  afterAll(async () => {
    await t?.close();
  });

  const salesData = (dashboardId: number) =>
    t.call('gamma', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: salesId, type: 'table' },
        queries: [
          { columns: ['region'], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)' }] },
        ],
        form_data: { dashboardId, slice_id: adminChart },
      },
    });
  const read = async (id: number) =>
    (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
  const count = async (table: 'dashboards' | 'slices') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses an owner's PUT placing a chart it cannot read, and the data stays closed", async () => {
    const own = await createDashboard(t, { dashboard_title: 'Gamma owns', owners: [gamma] });
    const before = await read(own);
    const res = await t.call('gamma', {
      method: 'PUT',
      url: `${BASE}/${own}`,
      payload: {
        roles: [gammaRole],
        published: true,
        position_json: JSON.stringify(layoutOf([adminChart])),
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(CHARTS_FORBIDDEN);
    expect(res.json().message).toContain(String(adminChart));
    const after = await read(own);
    expect(after.roles).toEqual([]);
    expect(after.published).toBe(false);
    expect(after.position_json).toBe(before.position_json);
    expect(after.charts).toEqual([]);
    expect((await salesData(own)).statusCode).toBe(403);
  });

  it('refuses the same chart sent as json_metadata.positions', async () => {
    const own = await createDashboard(t, { dashboard_title: 'Gamma positions', owners: [gamma] });
    const res = await t.call('gamma', {
      method: 'PUT',
      url: `${BASE}/${own}`,
      payload: { json_metadata: JSON.stringify({ positions: layoutOf([adminChart]) }) },
    });
    expect(res.statusCode).toBe(403);
    expect((await read(own)).charts).toEqual([]);
  });

  it('refuses a create holding such a chart and writes nothing', async () => {
    const dashboards = await count('dashboards');
    const res = await t.call('gamma', {
      method: 'POST',
      url: `${BASE}/`,
      payload: {
        dashboard_title: 'Sneaky',
        roles: [gammaRole],
        published: true,
        position_json: JSON.stringify(layoutOf([adminChart])),
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(CHARTS_FORBIDDEN);
    expect(await count('dashboards')).toBe(dashboards);
  });

  it('accepts charts the editor reads, and keeps charts already on the dashboard', async () => {
    const own = await createDashboard(t, {
      dashboard_title: 'Placed by admin',
      owners: [gamma],
      position_json: JSON.stringify(layoutOf([adminChart])),
    });
    const res = await t.call('gamma', {
      method: 'PUT',
      url: `${BASE}/${own}`,
      payload: { position_json: JSON.stringify(layoutOf([adminChart, regionsChart])) },
    });
    expect(res.statusCode).toBe(200);
    expect((await read(own)).charts.sort()).toEqual(['Admin sales', 'Regions']);
  });

  it('refuses a copy whose positions add a chart the copier cannot read', async () => {
    const own = await createDashboard(t, {
      dashboard_title: 'Gamma source',
      owners: [gamma],
      position_json: JSON.stringify(layoutOf([regionsChart])),
    });
    const dashboards = await count('dashboards');
    const res = await t.call('gamma', {
      method: 'POST',
      url: `${BASE}/${own}/copy/`,
      payload: {
        dashboard_title: 'Copy',
        json_metadata: JSON.stringify({ positions: layoutOf([regionsChart, adminChart]) }),
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(CHARTS_FORBIDDEN);
    expect(await count('dashboards')).toBe(dashboards);
  });

  it('lets only owners copy, as Superset does with DASHBOARD_RBAC', async () => {
    const shared = await createDashboard(t, {
      dashboard_title: 'Shared by role',
      published: true,
      roles: [gammaRole],
      position_json: JSON.stringify(layoutOf([adminChart])),
    });
    expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${shared}` })).statusCode).toBe(
      200,
    );
    const dashboards = await count('dashboards');
    const slices = await count('slices');
    for (const duplicate_slices of [false, true]) {
      const res = await t.call('gamma', {
        method: 'POST',
        url: `${BASE}/${shared}/copy/`,
        payload: {
          dashboard_title: 'Mine now',
          json_metadata: JSON.stringify({ positions: layoutOf([adminChart]) }),
          duplicate_slices,
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden' });
    }
    expect(await count('dashboards')).toBe(dashboards);
    expect(await count('slices')).toBe(slices);

    const own = await createDashboard(t, {
      dashboard_title: 'Gamma copies its own',
      owners: [gamma],
      position_json: JSON.stringify(layoutOf([regionsChart])),
    });
    const mine = await t.call('gamma', {
      method: 'POST',
      url: `${BASE}/${own}/copy/`,
      payload: { dashboard_title: 'Own copy', json_metadata: '{}', duplicate_slices: true },
    });
    expect(mine.statusCode).toBe(200);
  });
});
