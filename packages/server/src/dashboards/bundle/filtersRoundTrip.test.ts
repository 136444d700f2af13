import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { addShopDatabase, createDataset } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { BASE, createDashboard, insertChart, layoutOf, rison } from '../testFixtures.ts';
import { zipBody } from './testBundle.ts';

/**
 * Native filters and cross-filter scoping travel whole: export names each filter's dataset by
 * uuid and bundles it (even when no chart uses it), import finds it again, and chart ids in
 * scopes follow the charts on import and on a copy with duplicated charts.
 */

const filterOn = (datasetId: number, excluded: number[]) => ({
  id: 'NATIVE_FILTER-region',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId, column: { name: 'region' } }],
  scope: { rootPath: ['ROOT_ID'], excluded },
  chartsInScope: [],
});

describe('a dashboard with filters exported, imported and copied', () => {
  let source: TestApp;
  let target: TestApp;
  let dashboardId: number;
  let salesChart: number;
  let otherChart: number;
  let regionsId: number;
  let exported: Buffer;

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const shop = await addShopDatabase(source);
    const salesId = await createDataset(source, {
      database: shop.id,
      schema: 'main',
      table_name: 'sales',
    });
    regionsId = await createDataset(source, {
      database: shop.id,
      schema: 'main',
      table_name: 'regions',
    });
    salesChart = await insertChart(source, 'Sales by region', salesId);
    otherChart = await insertChart(source, 'Sales again', salesId);
    dashboardId = await createDashboard(source, {
      dashboard_title: 'Filtered sales',
      slug: 'filtered',
      position_json: JSON.stringify(layoutOf([salesChart, otherChart])),
      json_metadata: JSON.stringify({
        native_filter_configuration: [filterOn(regionsId, [otherChart])],
        chart_configuration: {
          [salesChart]: {
            id: salesChart,
            crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [otherChart] } },
          },
        },
      }),
    });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('exports the filter’s dataset and names it by uuid', async () => {
    const res = await source.call('admin', {
      method: 'GET',
      url: `${BASE}/export/?q=${rison(`!(${dashboardId})`)}`,
    });
    expect(res.statusCode).toBe(200);
    exported = res.rawPayload;
    const zip = await JSZip.loadAsync(exported);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]?.dir);
    expect(names.some((n) => n.endsWith(`datasets/shop/regions_${regionsId}.yaml`))).toBe(true);
    const dashFile = names.find((n) => n.includes('/dashboards/')) as string;
    const dash = YAML.parse(await (zip.file(dashFile) as JSZip.JSZipObject).async('string'));
    const regionsFile = names.find((n) => n.endsWith(`regions_${regionsId}.yaml`)) as string;
    const regions = YAML.parse(await (zip.file(regionsFile) as JSZip.JSZipObject).async('string'));
    expect(dash.metadata.native_filter_configuration[0].targets[0]).toMatchObject({
      datasetId: regionsId,
      datasetUuid: regions.uuid,
    });
  });

  it('imports the filter onto the new dataset and the new chart ids', async () => {
    const res = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(exported)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await target.call('admin', { method: 'GET', url: `${BASE}/filtered` })).json()
      .result;
    const charts = (
      await target.call('admin', { method: 'GET', url: `${BASE}/filtered/charts` })
    ).json().result as Array<{ id: number; slice_name: string }>;
    const newOther = charts.find((c) => c.slice_name === 'Sales again')?.id as number;
    const newSales = charts.find((c) => c.slice_name === 'Sales by region')?.id as number;
    const regions = await target.store.db
      .selectFrom('tables')
      .select('id')
      .where('table_name', '=', 'regions')
      .executeTakeFirstOrThrow();
    const metadata = JSON.parse(read.json_metadata);
    const [filter] = metadata.native_filter_configuration;
    expect(filter.targets[0].datasetId).toBe(regions.id);
    expect(filter.scope.excluded).toEqual([newOther]);
    expect(metadata.chart_configuration[newSales].crossFilters.scope.excluded).toEqual([newOther]);
  });

  it('remaps the filter scope when a copy duplicates the charts', async () => {
    const metadata = JSON.parse(
      (await source.call('admin', { method: 'GET', url: `${BASE}/${dashboardId}` })).json().result
        .json_metadata,
    );
    const res = await source.call('admin', {
      method: 'POST',
      url: `${BASE}/${dashboardId}/copy/`,
      payload: {
        dashboard_title: 'Copy with charts',
        duplicate_slices: true,
        json_metadata: JSON.stringify(metadata),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().result.id;
    const copied = (await source.call('admin', { method: 'GET', url: `${BASE}/${copyId}` })).json()
      .result;
    const charts = (
      await source.call('admin', { method: 'GET', url: `${BASE}/${copyId}/charts` })
    ).json().result as Array<{ id: number; slice_name: string }>;
    const copiedOther = charts.find((c) => c.slice_name === 'Sales again')?.id as number;
    expect(copiedOther).not.toBe(otherChart);
    const [filter] = JSON.parse(copied.json_metadata).native_filter_configuration;
    expect(filter.scope.excluded).toEqual([copiedOther]);
    expect(filter.targets[0].datasetId).toBe(regionsId);
  });
});
