import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** Saved-chart lookups by `slice_id` and the legacy `POST /superset/explore_json/`. */

describe.each(storeKinds())('legacy chart data on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  const formData = (extra: Record<string, unknown> = {}) => ({
    datasource: `${sales}__table`,
    viz_type: 'table',
    groupby: ['region'],
    metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'total' }],
    adhoc_filters: [
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'paid', operator: 'IS TRUE' },
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 1' },
    ],
    granularity_sqla: 'sold_at',
    time_range: '2024-01-01 : 2024-12-31',
    row_limit: 10,
    order_desc: true,
    ...extra,
  });
  const explore = (payload: Record<string, unknown>, query = '') =>
    t.call('admin', { method: 'POST', url: `/superset/explore_json/${query}`, payload });

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 Chart not found for a slice_id while no chart exists', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: 7 }))}`,
      payload: {
        datasource: { id: sales, type: 'table' },
        queries: [{ columns: ['region'], metrics: [] }],
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Chart not found' });
    const byId = await t.call('admin', { method: 'GET', url: '/api/v1/chart/7/data/' });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual({ message: 'Chart not found' });
  });

  it('answers the legacy shape from form_data in a JSON body', async () => {
    const res = await explore({ form_data: JSON.stringify(formData()) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      error: null,
      stacktrace: null,
      is_cached: false,
      colnames: ['region', 'total'],
      rowcount: 1,
      data: [{ region: 'EU', total: 15.75 }],
      applied_filters: [{ column: 'paid' }],
      form_data: { viz_type: 'table' },
    });
    expect(body.query).toContain('"sold_at" >= TIMESTAMP');
    expect(body.query).toContain('(amount > 1)');
  });

  it('reads form_data from a form field or the query string, and takes raw mode', async () => {
    const form = await t.call('admin', {
      method: 'POST',
      url: '/superset/explore_json/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `form_data=${encodeURIComponent(JSON.stringify(formData({ viz_type: 'whatever' })))}`,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toEqual([{ region: 'EU', total: 15.75 }]);
    const raw = formData({
      query_mode: 'raw',
      all_columns: ['id', 'region'],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'region',
          operator: 'in',
          comparator: ['US'],
        },
      ],
    });
    const viaQuery = await explore({}, `?form_data=${encodeURIComponent(JSON.stringify(raw))}`);
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    expect(viaQuery.json().data).toEqual([{ id: 2, region: 'US' }]);
  });

  it('takes the datasource from the path', async () => {
    const { datasource: _, ...rest } = formData();
    const res = await t.call('admin', {
      method: 'POST',
      url: `/superset/explore_json/table/${sales}/`,
      payload: { form_data: JSON.stringify(rest) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rowcount).toBe(1);
  });

  it('answers bad form_data with a 400', async () => {
    const notJson = await explore({ form_data: '{nope' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'form_data is not valid JSON' });
    const missing = await explore({});
    expect(missing.json()).toEqual({ message: 'form_data is required' });
    const noSource = await explore({ form_data: JSON.stringify({ groupby: ['region'] }) });
    expect(noSource.json()).toEqual({
      message: 'form_data has no datasource (such as "1__table")',
    });
    const badFilters = await explore({ form_data: JSON.stringify(formData({ adhoc_filters: 3 })) });
    expect(badFilters.json()).toEqual({ message: 'adhoc_filters must be a list' });
    const badLimit = await explore({ form_data: JSON.stringify(formData({ row_limit: 'many' })) });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toMatch(/^Invalid form_data: row_limit/);
    const slice = await explore({ form_data: JSON.stringify(formData({ slice_id: 3 })) });
    expect(slice.statusCode).toBe(404);
  });
});
