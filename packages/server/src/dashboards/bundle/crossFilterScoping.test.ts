import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { BASE, createDashboard, insertChart, layoutOf, rison } from '../testFixtures.ts';
import { zipBody } from './testBundle.ts';

/**
 * Cross-filter scoping (`cross_filters_enabled`, `chart_configuration`,
 * `global_chart_configuration`) is checked on save, saved through the dashboard's PUT as the
 * scoping modal sends it, and travels whole: every chart id in it (the entry's key, `id`,
 * `scope.excluded`, `chartsInScope`, the global ones) follows the charts on export/import and on
 * a copy that duplicates them.
 */

const scoping = (a: number, b: number, c: number) => ({
  cross_filters_enabled: true,
  chart_configuration: {
    [a]: {
      id: a,
      crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [a, c] }, chartsInScope: [b] },
    },
    [b]: { id: b, crossFilters: { scope: 'global', chartsInScope: [a, c] } },
  },
  global_chart_configuration: {
    scope: { rootPath: ['ROOT_ID'], excluded: [c] },
    chartsInScope: [a, b],
  },
});

describe('cross-filter scoping', () => {
  let source: TestApp;
  let target: TestApp;
  let dashboardId: number;
  const ids = { a: 0, b: 0, c: 0 };

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const shop = await addShopDatabase(source);
    const salesId = await createDataset(source, {
      database: shop.id,
      schema: 'main',
      table_name: 'sales',
    });
    ids.a = await insertChart(source, 'Pie of regions', salesId);
    ids.b = await insertChart(source, 'Bars by month', salesId);
    ids.c = await insertChart(source, 'Table of sales', salesId);
    dashboardId = await createDashboard(source, {
      dashboard_title: 'Cross-filtered sales',
      slug: 'crossed',
      position_json: JSON.stringify(layoutOf([ids.a, ids.b, ids.c])),
    });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  const read = async (t: TestApp, idOrSlug: number | string) =>
    JSON.parse(
      (await t.call('admin', { method: 'GET', url: `${BASE}/${idOrSlug}` })).json().result
        .json_metadata,
    );
  const chartIds = async (t: TestApp, idOrSlug: number | string) => {
    const charts = (
      await t.call('admin', { method: 'GET', url: `${BASE}/${idOrSlug}/charts` })
    ).json().result as Array<{ id: number; slice_name: string }>;
    const id = (name: string) => charts.find((c) => c.slice_name === name)?.id as number;
    return { a: id('Pie of regions'), b: id('Bars by month'), c: id('Table of sales') };
  };

  it('saves the scoping modal’s json_metadata through the dashboard’s PUT', async () => {
    const res = await source.call('admin', {
      method: 'PUT',
      url: `${BASE}/${dashboardId}`,
      payload: { json_metadata: JSON.stringify(scoping(ids.a, ids.b, ids.c)) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(source, dashboardId)).toMatchObject(scoping(ids.a, ids.b, ids.c));
  });

  it.each([
    [
      'an entry keyed by another chart',
      { chart_configuration: { '5': { id: 6, crossFilters: { scope: 'global' } } } },
      'chart_configuration.5.id',
    ],
    [
      'a scope that is neither global nor a scope',
      { chart_configuration: { '5': { id: 5, crossFilters: { scope: 'everywhere' } } } },
      'chart_configuration.5.crossFilters.scope',
    ],
    [
      'a global scope without rootPath',
      { global_chart_configuration: { scope: { excluded: [] } } },
      // The route's own json_metadata schema answers first, as Superset's does.
      'Missing data for required field.',
    ],
    ['cross_filters_enabled as text', { cross_filters_enabled: 'yes' }, 'cross_filters_enabled'],
    [
      'an excluded list too long to be real',
      {
        global_chart_configuration: {
          scope: { rootPath: ['ROOT_ID'], excluded: Array.from({ length: 10_001 }, (_, i) => i) },
        },
      },
      'global_chart_configuration.scope.excluded',
    ],
  ])(
    'refuses %s with a 400 naming the field, and stores nothing',
    async (_name, metadata, field) => {
      const before = await read(source, dashboardId);
      const res = await source.call('admin', {
        method: 'PUT',
        url: `${BASE}/${dashboardId}`,
        payload: { json_metadata: JSON.stringify(metadata) },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain(field);
      expect(await read(source, dashboardId)).toEqual(before);
    },
  );

  it('refuses the scoping save to a user who may not edit the dashboard', async () => {
    const res = await source.call('gamma', {
      method: 'PUT',
      url: `${BASE}/${dashboardId}`,
      payload: { json_metadata: JSON.stringify(scoping(ids.a, ids.b, ids.c)) },
    });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('export then import remaps every chart id of the scoping', async () => {
    const exported = await source.call('admin', {
      method: 'GET',
      url: `${BASE}/export/?q=${rison(`!(${dashboardId})`)}`,
    });
    expect(exported.statusCode).toBe(200);
    const res = await target.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      ...(await zipBody(exported.rawPayload)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = await chartIds(target, 'crossed');
    const metadata = await read(target, 'crossed');
    expect(metadata).toMatchObject(scoping(fresh.a, fresh.b, fresh.c));
    expect(Object.keys(metadata.chart_configuration).sort()).toEqual(
      [String(fresh.a), String(fresh.b)].sort(),
    );
  });

  it('a copy that duplicates the charts remaps the scoping to the copies', async () => {
    const metadata = await read(source, dashboardId);
    const res = await source.call('admin', {
      method: 'POST',
      url: `${BASE}/${dashboardId}/copy/`,
      payload: {
        dashboard_title: 'Crossed copy',
        duplicate_slices: true,
        json_metadata: JSON.stringify(metadata),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().result.id as number;
    const copies = await chartIds(source, copyId);
    expect(copies.a).not.toBe(ids.a);
    const copied = await read(source, copyId);
    expect(copied).toMatchObject(scoping(copies.a, copies.b, copies.c));
    expect(Object.keys(copied.chart_configuration).sort()).toEqual(
      [String(copies.a), String(copies.b)].sort(),
    );
  });

  it('a copy that keeps the charts keeps the scoping as it is', async () => {
    const metadata = await read(source, dashboardId);
    const res = await source.call('admin', {
      method: 'POST',
      url: `${BASE}/${dashboardId}/copy/`,
      payload: { dashboard_title: 'Crossed twin', json_metadata: JSON.stringify(metadata) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(source, res.json().result.id)).toMatchObject(scoping(ids.a, ids.b, ids.c));
  });
});
