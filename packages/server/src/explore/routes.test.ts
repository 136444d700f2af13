import { datasourceView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartBody, saveChart, userId } from '../charts/testFixtures.ts';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** `/api/v1/explore/`: the explore context, its form-data cache and permalinks. */

const EXPLORE = '/api/v1/explore';

describe.each(storeKinds())('explore on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  let regions: number;
  let chart: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
    chart = await saveChart(
      t,
      'alpha',
      chartBody(sales, {
        slice_name: 'Pie of regions',
        params: JSON.stringify({
          datasource: `${sales}__table`,
          viz_type: 'pie',
          groupby: ['region'],
          time_range: 'Last week',
        }),
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (caller: 'admin' | 'alpha' | 'gamma' | 'sqllab', query: string) =>
    t.call(caller, { method: 'GET', url: `${EXPLORE}/${query}` });

  it('opens without a dataset with the defaults: table, No filter', async () => {
    const res = await get('alpha', '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: {
        dataset: null,
        form_data: { viz_type: 'table', time_range: 'No filter' },
        slice: null,
        message: null,
        can_add: true,
        can_download: true,
        can_overwrite: false,
      },
    });
  });

  it('opens a dataset: its explore JSON and a filled form data', async () => {
    const res = await get('gamma', `?datasource_id=${sales}&datasource_type=table&viz_type=pie`);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result.dataset).toMatchObject({
      id: sales,
      uid: `${sales}__table`,
      type: 'table',
      name: 'sales',
      database: { id: expect.any(Number), backend: 'duckdb', database_name: 'shop' },
      main_dttm_col: expect.any(String),
      edit_url: `/tablemodelview/edit/${sales}`,
    });
    expect(result.dataset.time_grain_sqla).toContainEqual(['P1D', 'Day']);
    expect(result.dataset.columns.map((c: { column_name: string }) => c.column_name)).toContain(
      'region',
    );
    expect(result.form_data).toEqual({
      datasource: `${sales}__table`,
      viz_type: 'pie',
      time_range: 'No filter',
    });
  });

  it('opens a saved chart; only its owners may overwrite it', async () => {
    const alpha = await userId(t, 'alpha');
    const owner = (await get('alpha', `?slice_id=${chart}`)).json().result;
    expect(owner.slice).toMatchObject({
      slice_id: chart,
      slice_name: 'Pie of regions',
      owners: [alpha],
      datasource: `${sales}__table`,
      slice_url: `/explore/?slice_id=${chart}`,
    });
    expect(owner.form_data).toMatchObject({
      datasource: `${sales}__table`,
      viz_type: 'pie',
      groupby: ['region'],
      time_range: 'Last week',
      slice_id: chart,
    });
    expect(owner.dataset.id).toBe(sales);
    expect(owner).toMatchObject({ can_add: true, can_download: true, can_overwrite: true });
    const other = (await get('gamma', `?slice_id=${chart}`)).json().result;
    expect(other.can_overwrite).toBe(false);
    const admin = (await get('admin', `?slice_id=${chart}`)).json().result;
    expect(admin.can_overwrite).toBe(true);
  });

  it('hides datasets and charts a user may not read, and refuses users without explore', async () => {
    expect((await get('gamma', `?datasource_id=${regions}&datasource_type=table`)).statusCode).toBe(
      404,
    );
    const hidden = await saveChart(t, 'admin', chartBody(regions));
    expect((await get('gamma', `?slice_id=${hidden}`)).statusCode).toBe(404);
    expect((await get('admin', '?slice_id=987654')).statusCode).toBe(404);
    expect((await get('admin', '?datasource_id=987654&datasource_type=table')).statusCode).toBe(
      404,
    );
    expect((await get('admin', '?datasource_id=x')).statusCode).toBe(400);
    expect((await get('admin', `?datasource_id=${sales}&datasource_type=nope`)).statusCode).toBe(
      400,
    );
    expect((await get('sqllab', '')).statusCode).toBe(403);
  });

  it('keeps unsaved explorations in the form-data cache', async () => {
    const formData = JSON.stringify({ datasource: `${sales}__table`, viz_type: 'big_number' });
    const created = await t.call('alpha', {
      method: 'POST',
      url: `${EXPLORE}/form_data?tab_id=1`,
      payload: { datasource_id: sales, datasource_type: 'table', form_data: formData },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json();
    expect(typeof key).toBe('string');
    const read = await t.call('alpha', { method: 'GET', url: `${EXPLORE}/form_data/${key}` });
    expect(read.json()).toEqual({ form_data: formData });

    const opened = (await get('alpha', `?form_data_key=${key}`)).json().result;
    expect(opened.form_data).toMatchObject({ viz_type: 'big_number', time_range: 'No filter' });
    expect(opened.dataset.id).toBe(sales);

    const changed = JSON.stringify({ datasource: `${sales}__table`, viz_type: 'table' });
    const put = await t.call('alpha', {
      method: 'PUT',
      url: `${EXPLORE}/form_data/${key}`,
      payload: { datasource_id: sales, datasource_type: 'table', form_data: changed },
    });
    expect(put.json()).toEqual({ key, message: 'Value updated' });
    const notMine = await t.call('gamma', {
      method: 'PUT',
      url: `${EXPLORE}/form_data/${key}`,
      payload: { datasource_id: sales, datasource_type: 'table', form_data: changed },
    });
    expect(notMine.statusCode).toBe(403);
    expect(
      (await t.call('gamma', { method: 'DELETE', url: `${EXPLORE}/form_data/${key}` })).statusCode,
    ).toBe(403);
    const del = await t.call('alpha', { method: 'DELETE', url: `${EXPLORE}/form_data/${key}` });
    expect(del.json()).toEqual({ message: 'Deleted successfully' });
    expect(
      (await t.call('alpha', { method: 'GET', url: `${EXPLORE}/form_data/${key}` })).statusCode,
    ).toBe(404);
    const missed = (await get('alpha', `?form_data_key=${key}&slice_id=${chart}`)).json().result;
    expect(missed.message).toBe('Form data not found in cache, reverting to chart metadata.');
    expect(missed.form_data.viz_type).toBe('pie');
  });

  it('refuses bad form-data input and datasets the user may not read', async () => {
    const post = (caller: 'alpha' | 'gamma', payload: Record<string, unknown>) =>
      t.call(caller, { method: 'POST', url: `${EXPLORE}/form_data`, payload });
    const badJson = await post('alpha', {
      datasource_id: sales,
      datasource_type: 'table',
      form_data: '{nope',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message.form_data[0]).toMatch(/^Field cannot be decoded by JSON/);
    const missing = await post('alpha', { datasource_type: 'table', form_data: '{}' });
    expect(missing.json().message.datasource_id).toEqual(['Missing data for required field.']);
    const hidden = await post('gamma', {
      datasource_id: regions,
      datasource_type: 'table',
      form_data: '{}',
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('shares an exploration by permalink', async () => {
    const formData = { datasource: `${sales}__table`, viz_type: 'pie', slice_id: chart };
    const res = await t.call('alpha', {
      method: 'POST',
      url: `${EXPLORE}/permalink`,
      payload: { formData, urlParams: [['standalone', '1']] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { key, url } = res.json();
    expect(url).toMatch(new RegExp(`/superset/explore/p/${key}/$`));
    const read = await t.call('gamma', { method: 'GET', url: `${EXPLORE}/permalink/${key}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      chartId: chart,
      datasourceId: sales,
      datasourceType: 'table',
      state: { formData, urlParams: [['standalone', '1']] },
    });
    const opened = (await get('gamma', `?permalink_key=${key}`)).json().result;
    expect(opened.form_data).toMatchObject({ viz_type: 'pie', url_params: { standalone: '1' } });
    expect(opened.slice.slice_id).toBe(chart);

    expect(
      (await t.call('alpha', { method: 'GET', url: `${EXPLORE}/permalink/0000000000000000000000` }))
        .statusCode,
    ).toBe(404);
    const hidden = await t.call('gamma', {
      method: 'POST',
      url: `${EXPLORE}/permalink`,
      payload: { formData: { datasource: `${regions}__table` } },
    });
    expect(hidden.statusCode).toBe(404);
    const noDatasource = await t.call('alpha', {
      method: 'POST',
      url: `${EXPLORE}/permalink`,
      payload: { formData: { viz_type: 'pie' } },
    });
    expect(noDatasource.statusCode).toBe(400);
  });
});

describe('explore defaults from the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { defaultVizType: 'pie', defaultTimeFilter: 'Last week' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes DEFAULT_VIZ_TYPE and DEFAULT_TIME_FILTER', async () => {
    const res = await t.call('alpha', { method: 'GET', url: `${EXPLORE}/` });
    expect(res.json().result.form_data).toEqual({ viz_type: 'pie', time_range: 'Last week' });
  });
});
