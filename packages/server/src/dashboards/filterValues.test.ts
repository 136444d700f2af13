import { rangeFilterQuery, selectFilterQuery } from '@tessera/shared/dashboard/filterQueries';
import type { NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

/**
 * A native filter's options come from chart data: the query its filter type builds goes through
 * `POST /api/v1/chart/data` like any chart, and the answers match plain SQL on the shop data
 * (sales: EU 10.5, US 20.0, EU 5.25).
 */

const filter = (datasetId: number, column: string, extra: Partial<NativeFilter> = {}) =>
  ({
    id: 'NATIVE_FILTER-x',
    type: 'NATIVE_FILTER',
    name: column,
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: column } }],
    ...extra,
  }) as NativeFilter;

describe('native filter options through chart data', () => {
  let t: TestApp;
  let salesId: number;

  const values = async (body: unknown, caller: 'admin' | 'gamma' = 'admin') => {
    const res = await t.call(caller, {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: body as object,
    });
    return {
      status: res.statusCode,
      rows: res.statusCode === 200 ? res.json().result[0].data : res.json(),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await addShopDatabase(t);
    salesId = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    const saved = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/dataset/${salesId}`,
      payload: { metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }] },
    });
    if (saved.statusCode !== 200) throw new Error(`adding the count metric failed: ${saved.body}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the distinct values of the column, ascending', async () => {
    const { status, rows } = await values(selectFilterQuery(filter(salesId, 'region')));
    expect(status).toBe(200);
    expect(rows).toEqual([{ region: 'EU' }, { region: 'US' }]);
  });

  it('sorts descending, or by a metric', async () => {
    const desc = await values(
      selectFilterQuery(filter(salesId, 'region', { controlValues: { sortAscending: false } })),
    );
    expect(desc.rows.map((r: { region: string }) => r.region)).toEqual(['US', 'EU']);
    const byMetric = await values(
      selectFilterQuery(
        filter(salesId, 'region', { sortMetric: 'count', controlValues: { sortAscending: false } }),
      ),
    );
    expect(byMetric.rows[0]).toMatchObject({ region: 'EU', count: 2 });
  });

  it('searches on the server', async () => {
    const { rows } = await values(selectFilterQuery(filter(salesId, 'region'), { search: 'u' }));
    expect(rows).toEqual([{ region: 'EU' }, { region: 'US' }]);
    const us = await values(selectFilterQuery(filter(salesId, 'region'), { search: 'US' }));
    expect(us.rows).toEqual([{ region: 'US' }]);
  });

  it('follows its cascade parents’ selections', async () => {
    const child = filter(salesId, 'amount');
    const { rows } = await values(
      selectFilterQuery(child, {
        parents: [{ extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU'] }] } }],
      }),
    );
    expect(rows).toEqual([{ amount: 5.25 }, { amount: 10.5 }]);
  });

  it('bounds a range filter with the column’s minimum and maximum', async () => {
    const { rows } = await values(
      rangeFilterQuery(filter(salesId, 'amount', { filterType: 'filter_range' })),
    );
    expect(rows).toEqual([{ min: 5.25, max: 20 }]);
  });

  it('refuses a user without access to the filter’s dataset', async () => {
    const { status } = await values(selectFilterQuery(filter(salesId, 'region')), 'gamma');
    expect(status).toBe(403);
    await grantToRole(t, 'Gamma', ['datasource_access', `[shop].[sales](id:${salesId})`]);
    expect((await values(selectFilterQuery(filter(salesId, 'region')), 'gamma')).status).toBe(200);
  });
});
