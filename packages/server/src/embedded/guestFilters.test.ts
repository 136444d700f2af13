import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_PAYLOAD_MESSAGE } from './guestPayload.ts';
import { type EmbeddedFixture, embeddedFixture, guestToken } from './testFixtures.ts';

/**
 * What an embedded dashboard's page asks besides its charts' data: its native filters' options
 * (chart data naming the dashboard and no chart), its datasets without their SQL or owners, and
 * a permalink of itself (the SDK's getDashboardPermalink). A guest gets exactly these for the
 * dashboards its token names, and nothing wider.
 */

let f: EmbeddedFixture;
let token: string;

const filter = (id: string, filterType: string, dataset: number, column: string) => ({
  id: `NATIVE_FILTER-${id}`,
  type: 'NATIVE_FILTER',
  name: id,
  filterType,
  targets: [{ datasetId: dataset, column: { name: column } }],
  controlValues: {},
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
});

function asGuest(guest: string, options: InjectOptions) {
  return f.t.app.inject({ ...options, headers: { ...options.headers, 'x-guesttoken': guest } });
}

/** A filter's options query as the page sends it: the dashboard in the address, no chart. */
const optionsQuery = (
  guest: string,
  dashboard: number,
  dataset: number,
  query: Record<string, unknown>,
) =>
  asGuest(guest, {
    method: 'POST',
    url: `/api/v1/chart/data?dashboard_id=${dashboard}`,
    payload: {
      datasource: { id: dataset, type: 'table' },
      form_data: { datasource: `${dataset}__table`, viz_type: 'filter_select' },
      queries: [query],
    },
  });

const distinct = (column: string) => ({
  columns: [column],
  metrics: [],
  orderby: [[column, true]],
  row_limit: 1000,
});
const bounds = (column: string) => ({
  columns: [],
  metrics: ['MIN', 'MAX'].map((aggregate) => ({
    expressionType: 'SIMPLE',
    column: { column_name: column },
    aggregate,
    label: aggregate.toLowerCase(),
  })),
  orderby: [],
});

beforeAll(async () => {
  // Superset's advice for GUEST_ROLE_NAME: a role that reads dashboards and charts (Gamma's).
  f = await embeddedFixture({ guestToken: { roleName: 'Gamma' } });
  const res = await f.t.call('admin', {
    method: 'PUT',
    url: `/api/v1/dashboard/${f.dashboardA}`,
    payload: {
      json_metadata: JSON.stringify({
        native_filter_configuration: [
          filter('region', 'filter_select', f.sales, 'region'),
          filter('amount', 'filter_range', f.sales, 'amount'),
          filter('code', 'filter_select', f.regions, 'code'),
        ],
      }),
    },
  });
  if (res.statusCode !== 200) throw new Error(`filters not saved: ${res.body}`);
  token = await guestToken(f.t, { resources: [f.embedA] });
});
afterAll(async () => {
  await f?.t.close();
});

describe("a guest's native filters", () => {
  it('load their values and bounds from the datasets they target', async () => {
    const values = await optionsQuery(token, f.dashboardA, f.sales, distinct('region'));
    expect(values.statusCode, values.body).toBe(200);
    expect(values.json().result[0].data).toEqual([{ region: 'EU' }, { region: 'US' }]);
    expect(values.json().result[0]).not.toHaveProperty('query');
    const range = await optionsQuery(token, f.dashboardA, f.sales, bounds('amount'));
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().result[0].data).toEqual([{ min: 5.25, max: 20 }]);
    // A filter of A over a dataset no chart of A shows.
    const codes = await optionsQuery(token, f.dashboardA, f.regions, distinct('code'));
    expect(codes.json().result[0].data).toEqual([{ code: 'EU' }, { code: 'US' }]);
  });

  it('keep the row filters of the token', async () => {
    const eu = await guestToken(f.t, {
      resources: [f.embedA],
      rls: [{ clause: "region = 'EU'", dataset: f.sales }],
    });
    const values = await optionsQuery(eu, f.dashboardA, f.sales, distinct('region'));
    expect(values.json().result[0].data).toEqual([{ region: 'EU' }]);
  });

  it('open no other dataset, dashboard, column, metric or SQL', async () => {
    // B has no filters, and is not the token's.
    const other = await optionsQuery(token, f.dashboardB, f.regions, distinct('code'));
    expect(other.statusCode).toBe(403);
    const noDashboard = await asGuest(token, {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: { datasource: { id: f.sales, type: 'table' }, queries: [distinct('region')] },
    });
    expect(noDashboard.statusCode).toBe(403);
    const refusedPayloads: Array<[string, Record<string, unknown>]> = [
      ['a column no filter reads', distinct('id')],
      ['a filter column beside another', { ...distinct('region'), columns: ['region', 'id'] }],
      [
        'a sum',
        {
          ...bounds('amount'),
          metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'min' }],
        },
      ],
      ['a bound of another column', bounds('id')],
      ['a SQL where', { ...distinct('region'), extras: { where: '1 = 1' } }],
      ['raw rows', { ...distinct('region'), result_type: 'samples' }],
      ['ordering by a hidden column', { ...distinct('region'), orderby: [['id', true]] }],
    ];
    for (const [name, query] of refusedPayloads) {
      const res = await optionsQuery(token, f.dashboardA, f.sales, query);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json(), name).toEqual({ message: GUEST_PAYLOAD_MESSAGE });
    }
  });
});

describe("a guest's view of its dashboard", () => {
  it('gets the datasets without their SQL or owners; a signed-in user keeps them', async () => {
    const url = `/api/v1/dashboard/${f.dashboardA}/datasets`;
    const guest = await asGuest(token, { method: 'GET', url });
    expect(guest.statusCode).toBe(200);
    const [dataset] = guest.json().result;
    expect(dataset.id).toBe(f.sales);
    expect(dataset).not.toHaveProperty('sql');
    expect(dataset).not.toHaveProperty('owners');
    expect(dataset.columns.length).toBeGreaterThan(0);
    const admin = (await f.t.call('admin', { method: 'GET', url })).json().result[0];
    expect(admin).toHaveProperty('owners');
    expect(admin).toHaveProperty('sql');
  });

  it('makes a permalink of its dashboard, and of no other', async () => {
    const state = { dataMask: {}, activeTabs: [], anchor: 'CHART-1', urlParams: [] };
    const made = await asGuest(token, {
      method: 'POST',
      url: `/api/v1/dashboard/${f.dashboardA}/permalink`,
      payload: state,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { key, url } = made.json();
    expect(url).toBe(`http://localhost:80/superset/dashboard/p/${key}/`);
    const read = await f.t.call('admin', {
      method: 'GET',
      url: `/api/v1/dashboard/permalink/${key}`,
    });
    expect(read.json()).toMatchObject({ dashboardId: String(f.dashboardA), state });
    const other = await asGuest(token, {
      method: 'POST',
      url: `/api/v1/dashboard/${f.dashboardB}/permalink`,
      payload: state,
    });
    expect(other.statusCode).toBe(404);
    // Reading a permalink stays refused: the embedded page never opens one.
    const readAsGuest = await asGuest(token, {
      method: 'GET',
      url: `/api/v1/dashboard/permalink/${key}`,
    });
    expect(readAsGuest.statusCode).toBe(403);
  });
});
