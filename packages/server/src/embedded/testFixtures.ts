import { createDashboard, insertChart, layoutOf } from '../dashboards/testFixtures.ts';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import type { Config } from '../platform/config.ts';
import { type Caller, createTestApp, type TestApp } from '../testing/harness.ts';
import type { StoreKind } from '../testing/stores.ts';

/**
 * Shared set-up of the embedded-dashboard tests: the shop database, two embedded dashboards and
 * a chart on neither, EMBEDDED_SUPERSET on. `A` shows `salesChart` (over `sales`), `B` shows
 * `regionsChart` (over `regions`); `looseChart` is over `sales` on no dashboard.
 */

export interface EmbeddedFixture {
  t: TestApp;
  shopFile: string;
  sales: number;
  regions: number;
  salesChart: number;
  regionsChart: number;
  looseChart: number;
  dashboardA: number;
  dashboardB: number;
  /** Embedded uuids. */
  embedA: string;
  embedB: string;
}

/** The metric every fixture chart shows. */
export const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' };

export const embeddedPath = (idOrSlug: number | string) => `/api/v1/dashboard/${idOrSlug}/embedded`;

export async function embed(
  t: TestApp,
  dashboard: number,
  caller: Caller = 'admin',
  allowed_domains: string[] = [],
) {
  return t.call(caller, {
    method: 'POST',
    url: embeddedPath(dashboard),
    payload: { allowed_domains },
  });
}

/** The shop database with a dataset on each of its tables, `sales` and `regions`. */
export async function addShopDatasets(t: TestApp) {
  const shop = await addShopDatabase(t);
  const table = (table_name: string) =>
    createDataset(t, { database: shop.id, schema: 'main', table_name });
  return { shop, sales: await table('sales'), regions: await table('regions') };
}

export async function embeddedFixture(
  options: {
    env?: Record<string, string>;
    guestToken?: Partial<Config['guestToken']>;
    store?: StoreKind;
    config?: Partial<Config>;
  } = {},
): Promise<EmbeddedFixture> {
  const base = { secret: '', expSeconds: 300, audience: 'tessera', roleName: 'Public' };
  const t = await createTestApp({
    store: options.store,
    env: { TESSERA_FEATURE_FLAGS: 'EMBEDDED_SUPERSET', ...options.env },
    config: { ...options.config, guestToken: { ...base, ...options.guestToken } },
  });
  const { shop, sales, regions } = await addShopDatasets(t);
  const shows = (column: string) => ({ groupby: [column], metrics: [COUNT] });
  const salesChart = await insertChart(t, 'Sales', sales, shows('region'));
  const regionsChart = await insertChart(t, 'Regions', regions, shows('code'));
  const looseChart = await insertChart(t, 'Loose sales', sales, shows('region'));
  const board = (title: string, charts: number[]) =>
    createDashboard(t, {
      dashboard_title: title,
      published: true,
      position_json: JSON.stringify(layoutOf(charts)),
    });
  const dashboardA = await board('A', [salesChart]);
  const dashboardB = await board('B', [regionsChart]);
  const uuidOf = async (dashboard: number) => {
    const res = await embed(t, dashboard);
    if (res.statusCode !== 200) throw new Error(`embedding failed: ${res.body}`);
    return (res.json() as { result: { uuid: string } }).result.uuid;
  };
  return {
    t,
    shopFile: shop.file,
    sales,
    regions,
    salesChart,
    regionsChart,
    looseChart,
    dashboardA,
    dashboardB,
    embedA: await uuidOf(dashboardA),
    embedB: await uuidOf(dashboardB),
  };
}

export interface GuestTokenRequest {
  resources: string[];
  rls?: Array<{ clause: string; dataset?: number }>;
}

/** A guest token from the API, as the admin asks for it. */
export async function guestToken(t: TestApp, request: GuestTokenRequest): Promise<string> {
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/security/guest_token/',
    payload: {
      user: { username: 'embedder', first_name: 'Em', last_name: 'Bedder' },
      resources: request.resources.map((id) => ({ type: 'dashboard', id })),
      rls: request.rls ?? [],
    },
  });
  if (res.statusCode !== 200) throw new Error(`guest token failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A chart-data body for one chart of a dashboard, as its saved form data asks: rows by column. */
export function chartDataBody(
  dataset: number,
  context: { dashboardId?: number; sliceId?: number },
  column: string,
) {
  return {
    datasource: { id: dataset, type: 'table' },
    form_data: { dashboardId: context.dashboardId, slice_id: context.sliceId },
    queries: [
      {
        columns: [column],
        metrics: [COUNT],
        orderby: [[column, true]],
      },
    ],
  };
}
