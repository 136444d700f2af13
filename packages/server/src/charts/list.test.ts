import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { CHARTS, chartBody, makeDashboard, rison, saveChart, userId } from './testFixtures.ts';

/** `GET /api/v1/chart/` with rison: filters, order, paging, columns; the related pickers. */

describe.each(storeKinds())('the chart list on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  let regions: number;
  let board: number;
  const ids: Record<string, number> = {};
  const list = async (q: string, caller: 'admin' | 'alpha' | 'gamma' | 'sqllab' = 'admin') => {
    const res = await t.call(caller, { method: 'GET', url: `${CHARTS}/?q=${rison(q)}` });
    return res;
  };
  const names = async (q: string) =>
    ((await list(q)).json().result as Array<{ slice_name: string }>).map((r) => r.slice_name);

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
    board = await makeDashboard(t, 'Board', 'alpha');
    ids.pie = await saveChart(
      t,
      'alpha',
      chartBody(sales, { slice_name: 'Apple pie', viz_type: 'pie', dashboards: [board] }),
    );
    ids.line = await saveChart(
      t,
      'admin',
      chartBody(sales, {
        slice_name: 'Banana line',
        viz_type: 'echarts_timeseries_line',
        description: 'daily revenue',
        certified_by: 'Data team',
      }),
    );
    ids.table = await saveChart(
      t,
      'admin',
      chartBody(regions, { slice_name: 'Cherry table', viz_type: 'table' }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers Superset\u2019s list envelope with the list columns', async () => {
    const res = await t.call('admin', { method: 'GET', url: `${CHARTS}/` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.list_title).toBe('List Slice');
    expect(body.order_columns).toContain('slice_name');
    const pie = body.result.find((r: { id: number }) => r.id === ids.pie);
    const alpha = await userId(t, 'alpha');
    expect(pie).toMatchObject({
      id: ids.pie,
      slice_name: 'Apple pie',
      url: `/explore/?slice_id=${ids.pie}`,
      viz_type: 'pie',
      datasource_id: sales,
      datasource_type: 'table',
      datasource_name_text: 'main.sales',
      datasource_url: `/explore/?datasource_type=table&datasource_id=${sales}`,
      changed_on_delta_humanized: 'a few seconds ago',
      changed_by: { id: alpha },
      owners: [{ id: alpha }],
      dashboards: [{ id: board, dashboard_title: 'Board' }],
      is_managed_externally: false,
      tags: [],
    });
    expect(pie).not.toHaveProperty('query_context');
    expect(typeof pie.thumbnail_url).toBe('string');
  });

  it('searches with chart_all_text over name, description, viz type and dataset', async () => {
    const search = (value: string) =>
      names(
        `(filters:!((col:slice_name,opr:chart_all_text,value:'${value}')),order_column:slice_name,order_direction:asc)`,
      );
    expect(await search('apple')).toEqual(['Apple pie']);
    expect(await search('revenue')).toEqual(['Banana line']);
    expect(await search('timeseries')).toEqual(['Banana line']);
    expect(await search('regions')).toEqual(['Cherry table']);
  });

  it('filters by name, viz type, dataset, owners, dashboards, creator and certification', async () => {
    const alpha = await userId(t, 'alpha');
    const admin = await userId(t, 'admin');
    const by = (filter: string) =>
      names(`(filters:!(${filter}),order_column:slice_name,order_direction:asc)`);
    expect(await by('(col:slice_name,opr:ct,value:an)')).toEqual(['Banana line']);
    expect(await by('(col:slice_name,opr:sw,value:che)')).toEqual(['Cherry table']);
    expect(await by('(col:viz_type,opr:eq,value:pie)')).toEqual(['Apple pie']);
    expect(await by(`(col:datasource_id,opr:eq,value:${regions})`)).toEqual(['Cherry table']);
    expect(await by(`(col:owners,opr:rel_m_m,value:${alpha})`)).toEqual(['Apple pie']);
    expect(await by(`(col:dashboards,opr:rel_m_m,value:${board})`)).toEqual(['Apple pie']);
    expect(await by(`(col:created_by,opr:rel_o_m,value:${admin})`)).toEqual([
      'Banana line',
      'Cherry table',
    ]);
    expect(await by('(col:id,opr:chart_is_certified,value:!t)')).toEqual(['Banana line']);
    expect(await by('(col:id,opr:chart_is_certified,value:!f)')).toEqual([
      'Apple pie',
      'Cherry table',
    ]);
  });

  it('orders and pages; page_size 200 is allowed', async () => {
    expect(await names('(order_column:slice_name,order_direction:desc)')).toEqual([
      'Cherry table',
      'Banana line',
      'Apple pie',
    ]);
    expect(await names('(order_column:viz_type,order_direction:asc)')).toEqual([
      'Banana line',
      'Apple pie',
      'Cherry table',
    ]);
    const page = await list('(order_column:slice_name,order_direction:asc,page:1,page_size:2)');
    expect(page.json().count).toBe(3);
    expect(page.json().result.map((r: { slice_name: string }) => r.slice_name)).toEqual([
      'Cherry table',
    ]);
    const big = await list(
      "(columns:!(id,slice_name,owners.id),filters:!((col:slice_name,opr:chart_all_text,value:'')),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:200)",
    );
    expect(big.statusCode).toBe(200);
    expect(big.json().result).toHaveLength(3);
    expect(Object.keys(big.json().result[0]).sort()).toEqual(['id', 'owners', 'slice_name']);
  });

  it('refuses bad rison, unknown filters and order columns with 400', async () => {
    const bad = await t.call('admin', { method: 'GET', url: `${CHARTS}/?q=${rison('(page:')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Not a valid rison/json argument' });
    const col = await list('(filters:!((col:secret,opr:eq,value:1)))');
    expect(col.statusCode).toBe(400);
    expect(col.json().message).toBe('Filter column: secret not allowed to filter');
    const opr = await list('(filters:!((col:owners,opr:gt,value:1)))');
    expect(opr.json().message).toBe('Filter operator: gt not allowed on owners');
    const order = await list('(order_column:params)');
    expect(order.statusCode).toBe(400);
    const owners = await list('(filters:!((col:owners,opr:rel_m_m,value:abc)))');
    expect(owners.statusCode).toBe(400);
  });

  it('lists to Gamma only charts on datasets it may read, and nothing to sql_lab', async () => {
    expect((await list('()', 'gamma')).json().count).toBe(0);
    expect((await list('()', 'alpha')).json().count).toBe(3);
    expect((await list('()', 'sqllab')).statusCode).toBe(403);
  });

  it('answers the related owners picker', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `${CHARTS}/related/owners?q=${rison("(filter:'alp')")}`,
    });
    expect(res.statusCode).toBe(200);
    const alpha = await userId(t, 'alpha');
    expect(res.json()).toMatchObject({ count: 1, result: [{ value: alpha }] });
    const creators = await t.call('admin', { method: 'GET', url: `${CHARTS}/related/created_by` });
    expect(creators.json().count).toBeGreaterThanOrEqual(4);
    const unknown = await t.call('admin', { method: 'GET', url: `${CHARTS}/related/params` });
    expect(unknown.statusCode).toBe(400);
  });
});
