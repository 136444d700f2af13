import { EDIT_FORBIDDEN_MESSAGE } from '@tessera/shared/dashboard/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { BASE, createDashboard, insertChart, layoutOf } from './testFixtures.ts';

/** `PUT {id}/filters` and `{id}/filter_state`: native filters stored and shared, each role. */

const regionFilter = (datasetId: number, extra: Record<string, unknown> = {}) => ({
  id: 'NATIVE_FILTER-region',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId, column: { name: 'region' } }],
  controlValues: { multiSelect: true, enableEmptyFilter: false },
  defaultDataMask: { filterState: { value: null } },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  ...extra,
});
const timeFilter = {
  id: 'NATIVE_FILTER-when',
  type: 'NATIVE_FILTER',
  name: 'When',
  filterType: 'filter_time',
  targets: [{}],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

describe.each(storeKinds())('native filter API on the %s metadata store', (store) => {
  let t: TestApp;
  let salesId: number;
  let dashboardId: number;

  const putFilters = (caller: 'admin' | 'alpha' | 'gamma', payload: unknown, id = dashboardId) =>
    t.call(caller, { method: 'PUT', url: `${BASE}/${id}/filters`, payload: payload as object });
  const storedFilters = async () => {
    const res = await t.call('alpha', { method: 'GET', url: `${BASE}/${dashboardId}` });
    return JSON.parse(res.json().result.json_metadata).native_filter_configuration;
  };

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    salesId = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    const chart = await insertChart(t, 'Sales by region', salesId);
    await grantToRole(t, 'Gamma', ['datasource_access', `[shop].[sales](id:${salesId})`]);
    dashboardId = await createDashboard(
      t,
      { dashboard_title: 'Filtered', position_json: JSON.stringify(layoutOf([chart])) },
      'alpha',
    );
    await t.call('alpha', {
      method: 'PUT',
      url: `${BASE}/${dashboardId}`,
      payload: { published: true },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a value filter and a time-range filter, then reorders, changes and deletes them', async () => {
    const added = await putFilters('alpha', { modified: [regionFilter(salesId), timeFilter] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().result.map((f: { id: string }) => f.id)).toEqual([
      'NATIVE_FILTER-region',
      'NATIVE_FILTER-when',
    ]);

    const reordered = await putFilters('alpha', {
      modified: [regionFilter(salesId, { name: 'Sales region' })],
      reordered: ['NATIVE_FILTER-when', 'NATIVE_FILTER-region'],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().result).toMatchObject([
      { id: 'NATIVE_FILTER-when' },
      { id: 'NATIVE_FILTER-region', name: 'Sales region' },
    ]);
    expect(await storedFilters()).toEqual(reordered.json().result);

    const deleted = await putFilters('alpha', { deleted: ['NATIVE_FILTER-when'] });
    expect(deleted.json().result.map((f: { id: string }) => f.id)).toEqual([
      'NATIVE_FILTER-region',
    ]);
  });

  it('refuses a user who may not edit the dashboard with the spec’s 403, and changes nothing', async () => {
    const before = await storedFilters();
    const res = await putFilters('gamma', { deleted: ['NATIVE_FILTER-region'] });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(EDIT_FORBIDDEN_MESSAGE);
    expect(await storedFilters()).toEqual(before);
  });

  it('answers 400 naming the filter and the field, and stores nothing of a bad change', async () => {
    const before = await storedFilters();
    const cases: Array<[unknown, string]> = [
      [
        { modified: [regionFilter(salesId, { name: '' })] },
        'native_filter_configuration[0].name: Name is required',
      ],
      [
        { modified: [regionFilter(salesId, { targets: [{ datasetId: salesId }] })] },
        'native_filter_configuration[0].targets: Column is required',
      ],
      [
        { modified: [regionFilter(salesId, { cascadeParentIds: ['NATIVE_FILTER-nope'] })] },
        'Unknown parent filter NATIVE_FILTER-nope',
      ],
      [{ modified: [{ ...timeFilter, id: 'bad id' }] }, 'must start with NATIVE_FILTER-'],
      [{ modified: ['not an object'] }, 'Each filter must be an object.'],
      [{ modified: [], extra: true }, 'extra'],
      [{ deleted: 'NATIVE_FILTER-region' }, 'deleted'],
    ];
    for (const [payload, message] of cases) {
      const res = await putFilters('alpha', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await storedFilters()).toEqual(before);
  });

  it('answers 404 for a dashboard that does not exist', async () => {
    const res = await putFilters('admin', { deleted: [] }, 999_999);
    expect(res.statusCode).toBe(404);
  });

  it('reads a legacy dashboard’s filter boxes as native filters', async () => {
    const box = await insertChart(t, 'Region box', salesId);
    const legacy = await createDashboard(
      t,
      {
        dashboard_title: 'Legacy filter box',
        position_json: JSON.stringify(layoutOf([box])),
        json_metadata: JSON.stringify({
          default_filters: JSON.stringify({ [box]: { region: ['EU'] } }),
          filter_scopes: { [box]: { region: { scope: ['ROOT_ID'], immune: [] } } },
        }),
      },
      'alpha',
    );
    const res = await t.call('alpha', { method: 'GET', url: `${BASE}/${legacy}` });
    const [filter] = JSON.parse(res.json().result.json_metadata).native_filter_configuration;
    expect(filter).toMatchObject({
      id: `NATIVE_FILTER-${box}_region`,
      filterType: 'filter_select',
      targets: [{ datasetId: salesId, column: { name: 'region' } }],
      defaultDataMask: { filterState: { value: ['EU'] } },
      scope: { rootPath: ['ROOT_ID'], excluded: [box] },
    });
  });

  describe('filter state', () => {
    const value = JSON.stringify({ 'NATIVE_FILTER-region': { filterState: { value: ['EU'] } } });
    const url = (key = '') => `${BASE}/${dashboardId}/filter_state${key ? `/${key}` : ''}`;

    it('stores a filter state under a key that reads it back, updates and deletes it', async () => {
      const created = await t.call('gamma', { method: 'POST', url: url(), payload: { value } });
      expect(created.statusCode, created.body).toBe(201);
      const { key } = created.json();
      const read = await t.call('gamma', { method: 'GET', url: url(key) });
      expect(read.json()).toEqual({ value });

      const next = JSON.stringify({ 'NATIVE_FILTER-region': { filterState: { value: ['US'] } } });
      const updated = await t.call('gamma', {
        method: 'PUT',
        url: `${url(key)}?tab_id=3`,
        payload: { value: next },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual({ key });
      expect((await t.call('alpha', { method: 'GET', url: url(key) })).json()).toEqual({
        value: next,
      });

      const deleted = await t.call('gamma', { method: 'DELETE', url: url(key) });
      expect(deleted.json()).toEqual({ message: 'Deleted successfully' });
      expect((await t.call('gamma', { method: 'GET', url: url(key) })).statusCode).toBe(404);
    });

    it('lets only its owner change or delete a filter state', async () => {
      const { key } = (
        await t.call('gamma', { method: 'POST', url: url(), payload: { value } })
      ).json();
      const put = await t.call('alpha', { method: 'PUT', url: url(key), payload: { value: '{}' } });
      expect(put.statusCode).toBe(403);
      expect((await t.call('alpha', { method: 'DELETE', url: url(key) })).statusCode).toBe(403);
      expect((await t.call('gamma', { method: 'GET', url: url(key) })).json()).toEqual({ value });
    });

    it('refuses a value that is not JSON, and a key of another dashboard', async () => {
      const bad = await t.call('gamma', {
        method: 'POST',
        url: url(),
        payload: { value: '{not json' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Must be valid JSON.');
      const other = await createDashboard(t, { dashboard_title: 'Other' }, 'alpha');
      const { key } = (
        await t.call('alpha', { method: 'POST', url: url(), payload: { value } })
      ).json();
      const elsewhere = await t.call('alpha', {
        method: 'GET',
        url: `${BASE}/${other}/filter_state/${key}`,
      });
      expect(elsewhere.statusCode).toBe(404);
    });

    it('hides the filter state of a dashboard the caller cannot see', async () => {
      const hidden = await createDashboard(t, { dashboard_title: 'Draft of alpha' }, 'alpha');
      const { key } = (
        await t.call('alpha', {
          method: 'POST',
          url: `${BASE}/${hidden}/filter_state`,
          payload: { value },
        })
      ).json();
      const res = await t.call('gamma', {
        method: 'GET',
        url: `${BASE}/${hidden}/filter_state/${key}`,
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
