import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { addShopDatabase, BASE, createDataset, rison } from './testFixtures.ts';

/** Creating, reading, listing and deleting datasets through `/api/v1/dataset/`. */

describe.each(storeKinds())('dataset API on the %s metadata store', (store) => {
  let t: TestApp;
  let shop: { id: number; file: string };

  beforeAll(async () => {
    t = await createTestApp({ store });
    shop = await addShopDatabase(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('creating a physical dataset', () => {
    let id: number;
    beforeAll(async () => {
      id = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    });

    it('reads the columns from the engine and marks the temporal ones', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
      expect(res.statusCode).toBe(200);
      const { result } = res.json();
      expect(result.kind).toBe('physical');
      expect(result.table_name).toBe('sales');
      expect(result.schema).toBe('main');
      expect(result.database).toMatchObject({
        id: shop.id,
        database_name: 'shop',
        backend: 'duckdb',
      });
      const columns = Object.fromEntries(
        result.columns.map((c: { column_name: string }) => [c.column_name, c]),
      );
      expect(Object.keys(columns)).toEqual([
        'id',
        'region',
        'amount',
        'sold_at',
        'sold_on',
        'paid',
      ]);
      expect(columns.sold_at).toMatchObject({ is_dttm: true, type_generic: 2, type: 'TIMESTAMP' });
      expect(columns.sold_on).toMatchObject({ is_dttm: true, type_generic: 2 });
      expect(columns.amount).toMatchObject({ is_dttm: false, type_generic: 0 });
      expect(columns.region).toMatchObject({
        is_dttm: false,
        type_generic: 1,
        groupby: true,
        filterable: true,
      });
      expect(columns.paid).toMatchObject({ type_generic: 3 });
      expect(result.main_dttm_col).toBe('sold_at');
      expect(result.owners).toEqual([expect.objectContaining({ first_name: expect.any(String) })]);
      expect(result.uid).toBe(`${id}__table`);
      expect(result.time_grain_sqla).toContainEqual(['P1D', 'Day']);
      expect(result.granularity_sqla).toEqual([
        ['sold_at', 'sold_at'],
        ['sold_on', 'sold_on'],
      ]);
    });

    it('answers the create with the id, what was sent and the datasource data', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, schema: 'main', table_name: 'regions' },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.id).toEqual(expect.any(Number));
      expect(body.result).toMatchObject({
        database: shop.id,
        schema: 'main',
        table_name: 'regions',
      });
      expect(body.data).toMatchObject({ id: body.id, uid: `${body.id}__table`, type: 'table' });
    });

    it('creates a dataset from a view', async () => {
      const viewId = await createDataset(t, {
        database: shop.id,
        schema: 'main',
        table_name: 'eu_sales',
      });
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/${viewId}` });
      expect(res.json().result.columns).toHaveLength(6);
    });

    it('refuses a duplicate with Superset message', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, schema: 'main', table_name: 'sales' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: { table_name: ['Dataset sales already exists'] } });
    });

    it('refuses a table that does not exist with a clear message', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, schema: 'main', table_name: 'nope' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: {
          table_name: [
            'Table [nope] could not be found, please double check your database connection, schema, and table name',
          ],
        },
      });
    });

    it('refuses an unknown database', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: 9999, table_name: 'sales' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: { database: ['Database does not exist'] } });
    });

    it('answers 400 with the field problems for a body missing fields', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: { table_name: ['Missing data for required field.'] } });
    });

    it('refuses unknown owners', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, schema: 'main', table_name: 'regions2', owners: [4242] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: { owners: ['Owners are invalid'] } });
    });

    it('refuses a session call without the CSRF token', async () => {
      const { cookie } = await t.session('admin');
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/`,
        headers: { cookie },
        payload: { database: shop.id, schema: 'main', table_name: 'regions' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The CSRF token is missing.' });
    });

    it('refuses Gamma, who may not write datasets', async () => {
      const res = await t.call('gamma', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, schema: 'main', table_name: 'regions' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('refuses anonymous callers', async () => {
      const res = await t.call('anonymous', { method: 'GET', url: `${BASE}/${id}` });
      expect(res.statusCode).toBe(401);
    });

    it('accepts a bearer token without CSRF', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/${id}`,
        headers: await t.bearer('alpha'),
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('reading one dataset', () => {
    let id: number;
    beforeAll(async () => {
      const list = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:table_name,opr:eq,value:sales)))')}`,
      });
      id = list.json().result[0].id;
    });

    it('selects fields with q, nested ones included (what SQL Lab asks)', async () => {
      const res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/${id}?q=${rison('(columns:!(name,schema,database.id,select_star))')}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual({
        name: 'sales',
        schema: 'main',
        database: { id: shop.id },
        select_star: 'SELECT\n  *\nFROM "main"."sales"\nLIMIT 100',
      });
    });

    it('reads by uuid too', async () => {
      const first = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
      const res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/${first.json().result.uuid}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(id);
    });

    it('answers 400 for a q that is not rison', async () => {
      const res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/${id}?q=${rison('(columns:!(')}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Not a valid rison/json argument' });
    });

    it('answers 400 for a q with unknown keys', async () => {
      const res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/${id}?q=${rison('(colums:!(a))')}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Not a valid rison schema/);
    });

    it('answers 404 for an unknown id', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/99999` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    });

    it('answers related objects with empty lists while no charts exist', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/${id}/related_objects` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        charts: { count: 0, result: [] },
        dashboards: { count: 0, result: [] },
      });
    });

    it('lists distinct schemas', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/distinct/schema` });
      expect(res.json()).toEqual({ count: 1, result: [{ text: 'main', value: 'main' }] });
      const bad = await t.call('admin', { method: 'GET', url: `${BASE}/distinct/sql` });
      expect(bad.statusCode).toBe(404);
    });
  });

  describe('listing', () => {
    it('answers Superset list shape with kind, database, owners and humanized dates', async () => {
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBeGreaterThanOrEqual(3);
      expect(body.list_title).toBe('List Sqla Table');
      expect(body.order_columns).toContain('table_name');
      const sales = body.result.find((r: { table_name: string }) => r.table_name === 'sales');
      expect(sales).toMatchObject({
        kind: 'physical',
        database: { id: shop.id, database_name: 'shop' },
        schema: 'main',
        sql: null,
        changed_on_delta_humanized: 'a few seconds ago',
        changed_by_name: expect.any(String),
        explore_url: `/explore/?datasource_type=table&datasource_id=${sales.id}`,
      });
      expect(sales.owners).toHaveLength(1);
    });

    it('searches the name, filters by database, owner and kind, orders and pages', async () => {
      const search = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:table_name,opr:ct,value:SAL)),order_column:table_name,order_direction:asc)')}`,
      });
      expect(search.json().result.map((r: { table_name: string }) => r.table_name)).toEqual([
        'eu_sales',
        'sales',
      ]);
      const byDb = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison(`(filters:!((col:database,opr:rel_o_m,value:${shop.id})))`)}`,
      });
      expect(byDb.json().count).toBe(3);
      const none = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:database,opr:rel_o_m,value:4242)))')}`,
      });
      expect(none.json().count).toBe(0);
      const me = await t.call('admin', { method: 'GET', url: '/api/v1/me/' });
      const mine = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison(`(filters:!((col:owners,opr:rel_m_m,value:${me.json().result.id})))`)}`,
      });
      expect(mine.json().count).toBe(3);
      const virtual = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:sql,opr:dataset_is_null_or_empty,value:!f)))')}`,
      });
      expect(virtual.json().count).toBe(0);
      const paged = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(order_column:table_name,order_direction:desc,page:1,page_size:1)')}`,
      });
      expect(paged.json()).toMatchObject({ count: 3, result: [{ table_name: 'regions' }] });
    });

    it('picks columns and keys', async () => {
      const res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(columns:!(id,table_name,database.database_name),keys:!(none))')}`,
      });
      const body = res.json();
      expect(body.list_columns).toBeUndefined();
      expect(Object.keys(body.result[0]).sort()).toEqual(['database', 'id', 'table_name']);
      expect(Object.keys(body.result[0].database)).toEqual(['database_name']);
    });

    it('refuses unknown filter columns, operators and order columns', async () => {
      for (const q of [
        '(filters:!((col:nope,opr:eq,value:x)))',
        '(filters:!((col:table_name,opr:rel_o_m,value:x)))',
        '(order_column:nope)',
        '(filters:!((col:database,opr:rel_o_m,value:abc)))',
      ]) {
        const res = await t.call('admin', { method: 'GET', url: `${BASE}/?q=${rison(q)}` });
        expect(res.statusCode, q).toBe(400);
      }
    });
  });

  describe('deleting', () => {
    it('deletes one dataset, then answers 404 for it', async () => {
      const list = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:table_name,opr:eq,value:regions)))')}`,
      });
      const id = list.json().result[0].id as number;
      const res = await t.call('admin', { method: 'DELETE', url: `${BASE}/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      expect((await t.call('admin', { method: 'DELETE', url: `${BASE}/${id}` })).statusCode).toBe(
        404,
      );
    });

    it('bulk-deletes with a rison list of ids', async () => {
      const a = await createDataset(t, {
        database: shop.id,
        schema: 'main',
        table_name: 'regions',
      });
      const b = await createDataset(t, {
        database: shop.id,
        sql: 'SELECT 1 AS x',
        table_name: 'one',
      });
      const res = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/?q=${rison(`!(${a},${b})`)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Deleted 2 datasets' });
      const missing = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/?q=${rison(`!(${a})`)}`,
      });
      expect(missing.statusCode).toBe(404);
      const bad = await t.call('admin', { method: 'DELETE', url: `${BASE}/?q=${rison('!(x)')}` });
      expect(bad.statusCode).toBe(400);
    });
  });
});
