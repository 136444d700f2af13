import { databaseView, datasourceView, schemaView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { addShopDatabase, BASE, createDataset, grantToRole, rison } from './testFixtures.ts';

/** What Gamma sees through datasource grants, and explore's datasource calls. */

let t: TestApp;
let shop: { id: number; file: string };
let sales: number;
let regions: number;
let other: { id: number; file: string };
let otherSales: number;

beforeAll(async () => {
  t = await createTestApp();
  shop = await addShopDatabase(t);
  other = await addShopDatabase(t, 'other');
  sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
  otherSales = await createDataset(t, { database: other.id, schema: 'main', table_name: 'sales' });
});
afterAll(async () => {
  await t?.close();
});

const listedBy = async (caller: 'gamma' | 'alpha') =>
  (await t.call(caller, { method: 'GET', url: `${BASE}/` }))
    .json()
    .result.map((r: { id: number }) => r.id)
    .sort((a: number, b: number) => a - b);

describe('dataset permissions', () => {
  it('shows Gamma nothing without grants, and 404 for a dataset it cannot read', async () => {
    expect(await listedBy('gamma')).toEqual([]);
    expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${sales}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('gamma', { method: 'GET', url: `/datasource/get/table/${sales}/` })).statusCode,
    ).toBe(404);
  });

  it('shows Alpha everything (all_datasource_access)', async () => {
    expect(await listedBy('alpha')).toEqual([sales, regions, otherSales].sort((a, b) => a - b));
  });

  it('lets Gamma read a dataset it has datasource_access on, and only that one', async () => {
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
    expect(await listedBy('gamma')).toEqual([sales]);
    expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${sales}` })).statusCode).toBe(
      200,
    );
    expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${regions}` })).statusCode).toBe(
      404,
    );
  });

  it('lets a schema grant, then a database grant, widen what Gamma reads', async () => {
    await grantToRole(t, 'Gamma', ['schema_access', schemaView('shop', 'main')]);
    expect(await listedBy('gamma')).toEqual([sales, regions]);
    await grantToRole(t, 'Gamma', ['database_access', databaseView('other', other.id)]);
    expect(await listedBy('gamma')).toEqual([sales, regions, otherSales].sort((a, b) => a - b));
  });

  it('never lets Gamma change a dataset it can read', async () => {
    const put = await t.call('gamma', {
      method: 'PUT',
      url: `${BASE}/${sales}`,
      payload: { description: 'x' },
    });
    expect(put.statusCode).toBe(403);
    const del = await t.call('gamma', { method: 'DELETE', url: `${BASE}/${sales}` });
    expect(del.statusCode).toBe(403);
  });

  it('refuses sql_lab users, who have no dataset permission', async () => {
    expect((await t.call('sqllab', { method: 'GET', url: `${BASE}/` })).statusCode).toBe(403);
  });
});

describe("explore's datasource calls", () => {
  it('answers the datasource JSON for /datasource/get/table/{id}/', async () => {
    const res = await t.call('admin', { method: 'GET', url: `/datasource/get/table/${sales}/` });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data).toMatchObject({
      id: sales,
      uid: `${sales}__table`,
      type: 'table',
      name: 'sales',
      datasource_name: 'sales',
      table_name: 'sales',
      schema: 'main',
      database: { id: shop.id, backend: 'duckdb', name: 'shop' },
      main_dttm_col: 'sold_at',
      verbose_map: expect.objectContaining({ __timestamp: 'Time', region: 'region' }),
      select_star: expect.stringContaining('"main"."sales"'),
    });
    expect(data.columns.map((c: { column_name: string }) => c.column_name)).toEqual([
      'id',
      'region',
      'amount',
      'sold_at',
      'sold_on',
      'paid',
    ]);
    expect(data.columns[3]).toMatchObject({ is_dttm: true, type_generic: 2, certified_by: null });
    expect(data.time_grain_sqla.map((g: [string, string]) => g[0])).toContain('P1M');
    expect(data.order_by_choices).toContainEqual(['["amount", true]', 'amount [asc]']);
  });

  it('answers fetch_datasource_metadata with a datasource key, under both prefixes', async () => {
    for (const url of [
      '/superset/fetch_datasource_metadata',
      '/api/v1/fetch_datasource_metadata',
    ]) {
      const res = await t.call('admin', {
        method: 'GET',
        url: `${url}?datasourceKey=${sales}__table`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: sales, uid: `${sales}__table` });
    }
  });

  it('refuses bad keys and unknown types, and 404s unknown ids', async () => {
    const bad = await t.call('admin', {
      method: 'GET',
      url: '/superset/fetch_datasource_metadata?datasourceKey=abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid datasource key: abc' });
    const druid = await t.call('admin', { method: 'GET', url: `/datasource/get/druid/${sales}/` });
    expect(druid.statusCode).toBe(400);
    const unknown = await t.call('admin', {
      method: 'GET',
      url: '/superset/fetch_datasource_metadata?datasourceKey=99999__table',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('filters the list by certification', async () => {
    await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${regions}`,
      payload: { extra: '{"certification": {"certified_by": "Data team", "details": "ok"}}' },
    });
    const res = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/?q=${rison('(filters:!((col:id,opr:dataset_is_certified,value:!t)))')}`,
    });
    expect(res.json().ids).toEqual([regions]);
  });
});

describe('column values for filter pickers', () => {
  const values = (caller: 'admin' | 'gamma', id: number, column: string) =>
    t.call(caller, {
      method: 'GET',
      url: `/api/v1/datasource/table/${id}/column/${column}/values/`,
    });

  it('answers the distinct values of a column', async () => {
    const res = await values('admin', sales, 'region');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: ['EU', 'US'] });
    const ids = await values('admin', sales, 'id');
    expect(ids.json()).toEqual({ result: [1, 2, 3] });
  });

  it('applies row-level security and the fetch-values predicate', async () => {
    const roles = await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' });
    const gammaRole = roles.json().result.find((r: { name: string }) => r.name === 'Gamma');
    const rule = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'gamma eu',
        filter_type: 'Regular',
        tables: [sales],
        roles: [gammaRole.id],
        clause: "region = 'EU'",
      },
    });
    expect(rule.statusCode).toBe(201);
    expect((await values('gamma', sales, 'region')).json()).toEqual({ result: ['EU'] });
    expect((await values('admin', sales, 'region')).json()).toEqual({ result: ['EU', 'US'] });
    await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${sales}`,
      payload: { fetch_values_predicate: 'amount > 6' },
    });
    expect((await values('admin', sales, 'id')).json()).toEqual({ result: [1, 2] });
  });

  it('refuses unknown columns, types and datasets', async () => {
    const column = await values('admin', sales, 'nope');
    expect(column.statusCode).toBe(400);
    expect(column.json()).toEqual({ message: 'Column name nope does not exist' });
    const type = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/datasource/query/${sales}/column/region/values/`,
    });
    expect(type.statusCode).toBe(400);
    expect((await values('admin', 99999, 'region')).statusCode).toBe(404);
  });
});
