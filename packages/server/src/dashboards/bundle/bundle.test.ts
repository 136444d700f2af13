import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { addShopDatabase, createDataset, runOnDuckdb } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { BASE, createDashboard, insertChart, layoutOf, rison } from '../testFixtures.ts';
import { zipBody } from './testBundle.ts';

/** Export to a Superset v1 bundle and import it into a fresh store. */

describe('dashboard export and import', () => {
  let source: TestApp;
  let target: TestApp;
  let dashboardId: number;
  let chartId: number;
  let salesId: number;
  let exported: Buffer;

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const shop = await addShopDatabase(source);
    salesId = await createDataset(source, {
      database: shop.id,
      schema: 'main',
      table_name: 'sales',
    });
    chartId = await insertChart(source, 'Sales by region', salesId);
    dashboardId = await createDashboard(source, {
      dashboard_title: 'Exported sales',
      slug: 'exported',
      published: true,
      position_json: JSON.stringify(layoutOf([chartId])),
      json_metadata: JSON.stringify({
        timed_refresh_immune_slices: [chartId],
        color_scheme: 'bnbColors',
      }),
    });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('answers a ZIP in the bundle layout with uuids and masked passwords', async () => {
    const res = await source.call('admin', {
      method: 'GET',
      url: `${BASE}/export/?q=${rison(`!(${dashboardId})`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    exported = res.rawPayload;
    const zip = await JSZip.loadAsync(exported);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]?.dir);
    const root = names[0]?.split('/')[0] as string;
    expect(root).toMatch(/^dashboard_export_\d{8}T\d{6}$/);
    const relative = names.map((n) => n.slice(root.length + 1)).sort();
    expect(relative).toEqual([
      `charts/Sales_by_region_${chartId}.yaml`,
      `dashboards/Exported_sales_${dashboardId}.yaml`,
      'databases/shop.yaml',
      `datasets/shop/sales_${salesId}.yaml`,
      'metadata.yaml',
    ]);
    const dash = YAML.parse(
      await (
        zip.file(`${root}/dashboards/Exported_sales_${dashboardId}.yaml`) as JSZip.JSZipObject
      ).async('string'),
    );
    expect(dash.uuid).toEqual(expect.any(String));
    expect(dash.position['CHART-1'].meta.uuid).toEqual(expect.any(String));
    const meta = YAML.parse(
      await (zip.file(`${root}/metadata.yaml`) as JSZip.JSZipObject).async('string'),
    );
    expect(meta).toMatchObject({ version: '1.0.0', type: 'Dashboard' });
    const chart = YAML.parse(
      await (zip.file(`${root}/charts/Sales_by_region_${chartId}.yaml`) as JSZip.JSZipObject).async(
        'string',
      ),
    );
    expect(chart.dataset_uuid).toEqual(expect.any(String));
  });

  it('imports into a fresh store with charts, datasets and databases, ids remapped', async () => {
    const res = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(exported)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    const read = await target.call('admin', { method: 'GET', url: `${BASE}/exported` });
    expect(read.statusCode).toBe(200);
    const result = read.json().result;
    expect(result.dashboard_title).toBe('Exported sales');
    expect(result.charts).toEqual(['Sales by region']);
    const charts = (
      await target.call('admin', { method: 'GET', url: `${BASE}/exported/charts` })
    ).json().result;
    const newChart = charts[0].id;
    expect(JSON.parse(result.position_json)['CHART-1'].meta.chartId).toBe(newChart);
    expect(JSON.parse(result.json_metadata).timed_refresh_immune_slices).toEqual([newChart]);
    const datasets = (
      await target.call('admin', { method: 'GET', url: `${BASE}/exported/datasets` })
    ).json().result;
    expect(datasets[0]).toMatchObject({ table_name: 'sales' });
    expect(datasets[0].columns.length).toBeGreaterThan(0);
  });

  it('refuses a second import without overwrite and accepts it with overwrite', async () => {
    let res = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(exported)),
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(
      'already exists and `overwrite=true` was not passed',
    );
    res = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(exported, { overwrite: 'true' })),
    });
    expect(res.statusCode).toBe(200);
    const list = (await target.call('admin', { method: 'GET', url: `${BASE}/` })).json();
    expect(list.count).toBe(1);
  });

  it('refuses what is not a bundle', async () => {
    let res = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(Buffer.from('nope'))),
    });
    expect(res.statusCode).toBe(400);
    res = await target.call('admin', { method: 'POST', url: `${BASE}/import/`, payload: {} });
    expect(res.statusCode).toBe(400);
    res = await target.call('gamma', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(exported, { overwrite: 'true' })),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('export of datasets sharing a table name', () => {
  let source: TestApp;
  let target: TestApp;
  let ids: { main: number; other: number };
  let dashboardId: number;

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const shop = await addShopDatabase(source);
    await runOnDuckdb(
      shop.file,
      `CREATE TABLE main.v AS SELECT 1 AS a;
       CREATE SCHEMA other; CREATE TABLE other.v AS SELECT 2 AS b;`,
    );
    ids = {
      main: await createDataset(source, { database: shop.id, schema: 'main', table_name: 'v' }),
      other: await createDataset(source, { database: shop.id, schema: 'other', table_name: 'v' }),
    };
    const charts = [
      await insertChart(source, 'From main', ids.main),
      await insertChart(source, 'From other', ids.other),
    ];
    dashboardId = await createDashboard(source, {
      dashboard_title: 'Two v',
      slug: 'two-v',
      position_json: JSON.stringify(layoutOf(charts)),
    });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('names each dataset file by table name and id, and imports both', async () => {
    const res = await source.call('admin', {
      method: 'GET',
      url: `${BASE}/export/?q=${rison(`!(${dashboardId})`)}`,
    });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const datasetFiles = Object.keys(zip.files)
      .filter((n) => !zip.files[n]?.dir)
      .map((n) => n.split('/').slice(1).join('/'))
      .filter((n) => n.startsWith('datasets/'))
      .sort();
    expect(datasetFiles).toEqual(
      [`datasets/shop/v_${ids.main}.yaml`, `datasets/shop/v_${ids.other}.yaml`].sort(),
    );

    const imported = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(res.rawPayload)),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const datasets = (
      await target.call('admin', { method: 'GET', url: `${BASE}/two-v/datasets` })
    ).json().result as Array<{ table_name: string; schema: string }>;
    expect(datasets.map((d) => `${d.schema}.${d.table_name}`).sort()).toEqual([
      'main.v',
      'other.v',
    ]);
    const charts = (
      await target.call('admin', { method: 'GET', url: `${BASE}/two-v/charts` })
    ).json().result as Array<{ form_data: { datasource?: string } }>;
    expect(charts).toHaveLength(2);
    for (const chart of charts) expect(chart.form_data.datasource).toMatch(/^\d+__table$/);
  });
});
