import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import {
  CHARTS,
  chartBody,
  dashboardPosition,
  makeDashboard,
  rison,
  saveChart,
  userId,
} from './testFixtures.ts';

/** Saving, changing and deleting charts, with the spec's permission rules. */

type Layout = Record<
  string,
  { type: string; children: string[]; parents?: string[]; meta: Record<string, unknown> }
>;

describe.each(storeKinds())('chart writes on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  let regions: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
    // Gamma may read `sales` only.
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves the spec payload: 201 {id, result}, the creator an owner', async () => {
    const alpha = await userId(t, 'alpha');
    const res = await t.call('alpha', {
      method: 'POST',
      url: `${CHARTS}/`,
      payload: chartBody(sales, {
        description: 'Regions',
        cache_timeout: 60,
        query_context: JSON.stringify({ datasource: { id: sales, type: 'table' }, queries: [] }),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.result).toMatchObject({
      slice_name: 'Sales by region',
      viz_type: 'pie',
      datasource_id: sales,
      datasource_type: 'table',
      description: 'Regions',
      cache_timeout: 60,
      owners: [alpha],
      dashboards: [],
    });
    const item = await t.call('alpha', { method: 'GET', url: `${CHARTS}/${body.id}` });
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({
      id: body.id,
      result: {
        slice_name: 'Sales by region',
        url: `/explore/?slice_id=${body.id}`,
        owners: [{ id: alpha, first_name: expect.any(String), last_name: expect.any(String) }],
        dashboards: [],
        is_managed_externally: false,
      },
    });
    expect(JSON.parse(item.json().result.params)).toMatchObject({ groupby: ['region'] });
  });

  it('refuses bad input with a message a person understands', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.call('alpha', { method: 'POST', url: `${CHARTS}/`, payload });
    const badParams = await post(chartBody(sales, { params: '{not json' }));
    expect(badParams.statusCode).toBe(400);
    expect(badParams.json().message.params[0]).toMatch(/^Field cannot be decoded by JSON/);
    const badContext = await post(chartBody(sales, { query_context: '[1,' }));
    expect(badContext.statusCode).toBe(400);
    expect(badContext.json().message).toHaveProperty('query_context');
    const longName = await post(chartBody(sales, { slice_name: 'x'.repeat(251) }));
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message.slice_name).toEqual(['Longer than maximum length 250.']);
    const emptyName = await post(chartBody(sales, { slice_name: '' }));
    expect(emptyName.statusCode).toBe(400);
    const missing = await post(chartBody(987654));
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });
    const badOwner = await post(chartBody(sales, { owners: [987654] }));
    expect(badOwner.statusCode).toBe(422);
    expect(badOwner.json()).toEqual({ message: { owners: ['Owners are invalid'] } });
    const badDashboard = await post(chartBody(sales, { dashboards: [987654] }));
    expect(badDashboard.json()).toEqual({ message: { dashboards: ['Dashboards do not exist'] } });
    const noJson = await t.call('alpha', {
      method: 'POST',
      url: `${CHARTS}/`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(noJson.statusCode).toBe(400);
  });

  it('answers 404 for unknown charts and 400 for ids that are not ids', async () => {
    expect((await t.call('admin', { method: 'GET', url: `${CHARTS}/987654` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('admin', { method: 'PUT', url: `${CHARTS}/987654`, payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.call('admin', { method: 'DELETE', url: `${CHARTS}/987654` })).statusCode).toBe(
      404,
    );
    expect((await t.call('admin', { method: 'GET', url: `${CHARTS}/abc` })).statusCode).toBe(400);
  });

  it('needs can_write on Chart to save: sql_lab users are refused', async () => {
    const res = await t.call('sqllab', {
      method: 'POST',
      url: `${CHARTS}/`,
      payload: chartBody(sales),
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.call('anonymous', {
      method: 'POST',
      url: `${CHARTS}/`,
      payload: chartBody(sales),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('hides charts on datasets a user cannot read, and refuses saving on them', async () => {
    const hidden = await saveChart(t, 'admin', chartBody(regions, { slice_name: 'Regions' }));
    expect((await t.call('gamma', { method: 'GET', url: `${CHARTS}/${hidden}` })).statusCode).toBe(
      404,
    );
    const list = await t.call('gamma', { method: 'GET', url: `${CHARTS}/` });
    expect(list.json().ids).not.toContain(hidden);
    const save = await t.call('gamma', {
      method: 'POST',
      url: `${CHARTS}/`,
      payload: chartBody(regions),
    });
    expect(save.statusCode).toBe(422);
    expect(save.json()).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });
    const data = await t.call('gamma', { method: 'GET', url: `${CHARTS}/${hidden}/data/` });
    expect([403, 404]).toContain(data.statusCode);
  });

  it('lets only owners and admins overwrite or delete a chart', async () => {
    const id = await saveChart(t, 'admin', chartBody(sales, { slice_name: 'Admin chart' }));
    const put = await t.call('gamma', {
      method: 'PUT',
      url: `${CHARTS}/${id}`,
      payload: { slice_name: 'Mine now' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ message: 'You do not have permission to edit this chart' });
    const del = await t.call('gamma', { method: 'DELETE', url: `${CHARTS}/${id}` });
    expect(del.statusCode).toBe(403);

    const own = await saveChart(t, 'gamma', chartBody(sales, { slice_name: 'Gamma chart' }));
    const rename = await t.call('gamma', {
      method: 'PUT',
      url: `${CHARTS}/${own}`,
      payload: { slice_name: 'Gamma chart, renamed', params: '{"viz_type":"table"}' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json()).toMatchObject({
      id: own,
      result: { slice_name: 'Gamma chart, renamed', params: '{"viz_type":"table"}' },
    });
    const adminEdit = await t.call('admin', {
      method: 'PUT',
      url: `${CHARTS}/${own}`,
      payload: { description: 'checked', certified_by: 'Data team', certification_details: 'ok' },
    });
    expect(adminEdit.json().result).toMatchObject({
      description: 'checked',
      certified_by: 'Data team',
      certification_details: 'ok',
    });
    const bad = await t.call('gamma', {
      method: 'PUT',
      url: `${CHARTS}/${own}`,
      payload: { slice_name: 'y'.repeat(251) },
    });
    expect(bad.statusCode).toBe(400);
    const gone = await t.call('gamma', { method: 'DELETE', url: `${CHARTS}/${own}` });
    expect(gone.json()).toEqual({ message: 'OK' });
    expect((await t.call('gamma', { method: 'GET', url: `${CHARTS}/${own}` })).statusCode).toBe(
      404,
    );
  });

  it('adds a chart to the dashboards it names, in a new last row of each layout', async () => {
    const mine = await makeDashboard(t, 'Alpha board', 'alpha');
    const id = await saveChart(
      t,
      'alpha',
      chartBody(sales, { slice_name: 'On a board', dashboards: [mine] }),
    );
    const links = await t.store.db
      .selectFrom('dashboard_slices')
      .select('slice_id')
      .where('dashboard_id', '=', mine)
      .execute();
    expect(links.map((l) => l.slice_id)).toEqual([id]);
    const layout = (await dashboardPosition(t, mine)) as Layout & { DASHBOARD_VERSION_KEY: string };
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    const grid = layout.GRID_ID;
    expect(grid?.children).toHaveLength(1);
    const row = layout[grid?.children[0] as string];
    expect(row?.type).toBe('ROW');
    const chart = layout[row?.children[0] as string];
    expect(chart?.meta).toEqual({
      chartId: id,
      width: 4,
      height: 50,
      sliceName: 'On a board',
      uuid: expect.any(String),
    });

    // A second chart gets a second row; the first stays where it was.
    const second = await saveChart(t, 'alpha', chartBody(sales, { slice_name: 'Second' }));
    const put = await t.call('alpha', {
      method: 'PUT',
      url: `${CHARTS}/${second}`,
      payload: { dashboards: [mine] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().result.dashboards).toEqual([mine]);
    const after = (await dashboardPosition(t, mine)) as Layout;
    expect(after.GRID_ID?.children).toHaveLength(2);
    expect(after.GRID_ID?.children[0]).toBe(grid?.children[0]);

    const item = await t.call('alpha', {
      method: 'GET',
      url: `${CHARTS}/${id}?q=${rison('(columns:!(dashboards.id))')}`,
    });
    expect(item.json()).toEqual({ id, result: { dashboards: [{ id: mine }] } });

    // Sending `dashboards` replaces the set.
    const off = await t.call('alpha', {
      method: 'PUT',
      url: `${CHARTS}/${second}`,
      payload: { dashboards: [] },
    });
    expect(off.json().result.dashboards).toEqual([]);
  });

  it("refuses to add a chart to someone else's dashboard, and writes nothing", async () => {
    const theirs = await makeDashboard(t, 'Admin board', 'admin');
    const before = await t.store.db.selectFrom('slices').select('id').execute();
    const res = await t.call('alpha', {
      method: 'POST',
      url: `${CHARTS}/`,
      payload: chartBody(sales, { dashboards: [theirs] }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to edit this dashboard' });
    const after = await t.store.db.selectFrom('slices').select('id').execute();
    expect(after).toHaveLength(before.length);
    expect(await dashboardPosition(t, theirs)).toEqual({});
    // An admin may add to any dashboard.
    await saveChart(t, 'admin', chartBody(sales, { dashboards: [theirs] }));
    expect(Object.keys(await dashboardPosition(t, theirs))).toContain('GRID_ID');
  });

  it('deletes in bulk, all or nothing, with Superset\u2019s message', async () => {
    const a = await saveChart(t, 'alpha', chartBody(sales, { slice_name: 'Bulk A' }));
    const b = await saveChart(t, 'alpha', chartBody(sales, { slice_name: 'Bulk B' }));
    const c = await saveChart(t, 'admin', chartBody(sales, { slice_name: 'Bulk C' }));
    const notOwned = await t.call('gamma', {
      method: 'DELETE',
      url: `${CHARTS}/?q=${rison(`!(${a},${c})`)}`,
    });
    expect(notOwned.statusCode).toBe(403);
    const unknown = await t.call('alpha', {
      method: 'DELETE',
      url: `${CHARTS}/?q=${rison(`!(${a},987654)`)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const badRison = await t.call('alpha', {
      method: 'DELETE',
      url: `${CHARTS}/?q=${rison('!(')}`,
    });
    expect(badRison.statusCode).toBe(400);
    expect(badRison.json()).toEqual({ message: 'Not a valid rison/json argument' });
    const ok = await t.call('alpha', {
      method: 'DELETE',
      url: `${CHARTS}/?q=${rison(`!(${a},${b})`)}`,
    });
    expect(ok.json()).toEqual({ message: 'Deleted 2 charts' });
    const one = await t.call('admin', {
      method: 'DELETE',
      url: `${CHARTS}/?q=${rison(`!(${c})`)}`,
    });
    expect(one.json()).toEqual({ message: 'Deleted 1 chart' });
  });

  it('stars and unstars charts and answers favourite status', async () => {
    const id = await saveChart(t, 'alpha', chartBody(sales, { slice_name: 'Starred' }));
    const star = await t.call('alpha', { method: 'POST', url: `${CHARTS}/${id}/favorites/` });
    expect(star.json()).toEqual({ result: 'OK' });
    const status = await t.call('alpha', {
      method: 'GET',
      url: `${CHARTS}/favorite_status/?q=${rison(`!(${id})`)}`,
    });
    expect(status.json()).toEqual({ result: [{ id, value: true }] });
    const listed = await t.call('alpha', {
      method: 'GET',
      url: `${CHARTS}/?q=${rison('(filters:!((col:id,opr:chart_is_favorite,value:!t)))')}`,
    });
    expect(listed.json().ids).toEqual([id]);
    await t.call('alpha', { method: 'DELETE', url: `${CHARTS}/${id}/favorites/` });
    const after = await t.call('alpha', {
      method: 'GET',
      url: `${CHARTS}/favorite_status/?q=${rison(`!(${id})`)}`,
    });
    expect(after.json()).toEqual({ result: [{ id, value: false }] });
    expect(
      (await t.call('alpha', { method: 'POST', url: `${CHARTS}/987654/favorites/` })).statusCode,
    ).toBe(404);
  });

  it('answers a saved chart\u2019s data from its stored query context', async () => {
    const queryContext = {
      datasource: { id: sales, type: 'table' },
      queries: [
        {
          columns: ['region'],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
          orderby: [['region', true]],
        },
      ],
      result_format: 'json',
      result_type: 'full',
    };
    const id = await saveChart(
      t,
      'alpha',
      chartBody(sales, { query_context: JSON.stringify(queryContext) }),
    );
    const res = await t.call('alpha', { method: 'GET', url: `${CHARTS}/${id}/data/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result[0].data).toEqual([
      { region: 'EU', n: 2 },
      { region: 'US', n: 1 },
    ]);
    const bare = await saveChart(t, 'alpha', chartBody(sales));
    const none = await t.call('alpha', { method: 'GET', url: `${CHARTS}/${bare}/data/` });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'Chart has no query context saved. Please save the chart again.',
    });
  });
});
