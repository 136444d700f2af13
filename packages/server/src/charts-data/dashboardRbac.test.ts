import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDashboard,
  BASE as DASHBOARDS,
  insertChart,
  layoutOf,
  userId,
} from '../dashboards/testFixtures.ts';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

/**
 * Issue 6: "with dashboard-RBAC, roles on a dashboard grant its data". Gamma has no grant on the
 * `sales` dataset; a published dashboard carrying one of its roles lets it read the data of the
 * dashboard's charts, as Superset's security manager does, and nothing more.
 */

const REFUSAL =
  'This endpoint requires the datasource sales, database or `all_datasource_access` permission';

interface Fixture {
  t: TestApp;
  sales: number;
  regions: number;
  /** On `granting` (roles: Finance, held by gamma). */
  onDashboard: number;
  /** On `regionsBoard` only, over `regions`. */
  regionsChart: number;
  /** Over `sales`, on no dashboard. */
  elsewhere: number;
  granting: number;
  /** Published, carrying the Auditors role only (gamma lacks it), with the same chart. */
  foreignRole: number;
}

async function fixture(rbac: boolean): Promise<Fixture> {
  const t = await createTestApp({ env: { TESSERA_FEATURE_FLAGS: rbac ? 'DASHBOARD_RBAC' : '' } });
  const shop = await addShopDatabase(t);
  const sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  const regions = await createDataset(t, {
    database: shop.id,
    schema: 'main',
    table_name: 'regions',
  });
  const db = t.store.db;
  const finance = await securityRepository.insertRole(db, 'Finance');
  const auditors = await securityRepository.insertRole(db, 'Auditors');
  const gammaRole = await securityRepository.getRoleByName(db, 'Gamma');
  await securityRepository.setUserRoles(db, await userId(t, 'gamma'), [
    gammaRole?.id as number,
    finance,
  ]);
  const onDashboard = await insertChart(t, 'Sales by region', sales);
  const regionsChart = await insertChart(t, 'Regions', regions);
  const elsewhere = await insertChart(t, 'Sales elsewhere', sales);
  const board = (title: string, roles: number[], charts: number[]) =>
    createDashboard(t, {
      dashboard_title: title,
      published: true,
      roles,
      position_json: JSON.stringify(layoutOf(charts)),
    });
  return {
    t,
    sales,
    regions,
    onDashboard,
    regionsChart,
    elsewhere,
    granting: await board('Finance board', [finance], [onDashboard, regionsChart]),
    foreignRole: await board('Audit board', [auditors], [onDashboard]),
  };
}

const salesQuery = (datasetId: number, formData: Record<string, unknown> | null) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [
    {
      columns: ['region'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      orderby: [['region', true]],
    },
  ],
  ...(formData ? { form_data: formData } : {}),
});

describe('chart data with DASHBOARD_RBAC on', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(true);
  });
  afterAll(async () => {
    await f?.t.close();
  });
  const post = (payload: unknown, query = '') =>
    f.t.call('gamma', {
      method: 'POST',
      url: `/api/v1/chart/data${query}`,
      payload: payload as Record<string, unknown>,
    });

  it('grants a chart on the dashboard through a role the user holds (form_data)', async () => {
    const res = await post(
      salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.onDashboard }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0].data).toEqual([
      { region: 'EU', count: 2 },
      { region: 'US', count: 1 },
    ]);
  });

  it('grants it through the query string as well (dashboard_id, form_data.slice_id)', async () => {
    const formData = encodeURIComponent(JSON.stringify({ slice_id: f.onDashboard }));
    const res = await post(
      salesQuery(f.sales, null),
      `?dashboard_id=${f.granting}&form_data=${formData}`,
    );
    expect(res.statusCode).toBe(200);
  });

  it('grants each entry of a batch by its own form_data', async () => {
    const res = await f.t.call('gamma', {
      method: 'POST',
      url: '/api/v1/chart/data/batch',
      payload: {
        queries: [
          salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.onDashboard }),
          salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.elsewhere }),
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const [granted, refused] = res.json().result;
    expect(granted.status).toBe(200);
    expect(refused).toMatchObject({ status: 403, errors: [{ message: REFUSAL }] });
  });

  it('refuses without a dashboard in the request', async () => {
    const res = await post(salesQuery(f.sales, null));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(REFUSAL);
  });

  it('refuses a chart that is not on the dashboard', async () => {
    const res = await post(salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.elsewhere }));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(REFUSAL);
  });

  it("refuses a dataset other than the chart's own", async () => {
    const res = await post(
      salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.regionsChart }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(REFUSAL);
  });

  it('refuses a user who lacks every role of the dashboard', async () => {
    const res = await post(
      salesQuery(f.sales, { dashboardId: f.foreignRole, slice_id: f.onDashboard }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(REFUSAL);
  });

  it('shows the dashboard and its charts to the role holder, not to others', async () => {
    const read = await f.t.call('gamma', { method: 'GET', url: `${DASHBOARDS}/${f.granting}` });
    expect(read.statusCode).toBe(200);
    const charts = await f.t.call('gamma', {
      method: 'GET',
      url: `${DASHBOARDS}/${f.granting}/charts`,
    });
    expect(charts.statusCode).toBe(200);
    expect(charts.json().result.map((c: { id: number }) => c.id)).toEqual([
      f.onDashboard,
      f.regionsChart,
    ]);
    const foreign = await f.t.call('gamma', {
      method: 'GET',
      url: `${DASHBOARDS}/${f.foreignRole}`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('stops granting once the role is taken from the user', async () => {
    const db = f.t.store.db;
    const gammaRole = await securityRepository.getRoleByName(db, 'Gamma');
    const gamma = await userId(f.t, 'gamma');
    await securityRepository.setUserRoles(db, gamma, [gammaRole?.id as number]);
    const res = await post(
      salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.onDashboard }),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('chart data with DASHBOARD_RBAC off', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(false);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('refuses the same request: roles on a dashboard grant nothing without the flag', async () => {
    const res = await f.t.call('gamma', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: salesQuery(f.sales, { dashboardId: f.granting, slice_id: f.onDashboard }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(REFUSAL);
    const read = await f.t.call('gamma', { method: 'GET', url: `${DASHBOARDS}/${f.granting}` });
    expect(read.statusCode).toBe(404);
  });
});
