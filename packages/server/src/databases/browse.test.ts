import path from 'node:path';
import { databaseView, datasourceView, schemaView } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { BASE, grantToGamma, makeSalesDb, rison, SALES_TABLES } from './testFixtures.ts';

/** Browsing through `/api/v1/database/{pk}/...`, and what object grants let Gamma see. */

let t: TestApp;
let salesFile: string;

async function createDb(body: Record<string, unknown>) {
  return t.call('admin', { method: 'POST', url: `${BASE}/`, payload: body });
}

beforeAll(async () => {
  t = await createTestApp();
  salesFile = path.join(t.home, 'sales.db');
  makeSalesDb(salesFile);
  const res = await createDb({ database_name: 'sales', sqlalchemy_uri: `sqlite:///${salesFile}` });
  if (res.statusCode !== 201) throw new Error(`creating the sales database failed: ${res.body}`);
});

afterAll(async () => {
  await t?.close();
});

describe('browsing a database', () => {
  let id: number;
  beforeAll(async () => {
    const list = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/?q=${rison('(filters:!((col:database_name,opr:eq,value:sales)))')}`,
    });
    id = list.json().result[0].id;
  });

  it('lists schemas, catalogs and sorted tables with their types', async () => {
    const schemas = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/schemas/?q=${rison('(force:!f)')}`,
    });
    expect(schemas.json()).toEqual({ result: ['main'] });
    const catalogs = await t.call('admin', { method: 'GET', url: `${BASE}/${id}/catalogs/` });
    expect(catalogs.json()).toEqual({ result: [] });
    const tables = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/tables/?q=${rison('(schema_name:main,force:!f)')}`,
    });
    expect(tables.statusCode).toBe(200);
    expect(tables.json()).toEqual({
      count: 3,
      result: SALES_TABLES,
    });
  });

  it('answers 400 when tables has no schema_name', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/tables/?q=${rison('(force:!f)')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Not a valid rison schema/);
  });

  it('answers 400, not 500, when tables has no q at all', async () => {
    const res = await t.call('admin', { method: 'GET', url: `${BASE}/${id}/tables/` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Not a valid rison schema: schema_name/);
  });

  it('describes a table: columns, keys and a SELECT', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/table_metadata/?name=orders&schema=main`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('orders');
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'customer_id',
      'amount',
      'ordered_at',
    ]);
    expect(body.primaryKey.column_names).toEqual(['id']);
    expect(body.foreignKeys[0]).toMatchObject({
      referred_table: 'customers',
      column_names: ['customer_id'],
    });
    expect(body.selectStar).toContain('LIMIT 100');
    const extra = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/table_metadata/extra/?name=orders&schema=main`,
    });
    expect(extra.json()).toEqual({});
  });

  it('answers 404 with TABLE_DOES_NOT_EXIST_ERROR for a missing table, and 400 without a name', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/table_metadata/?name=nope&schema=main`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(
      (await t.call('admin', { method: 'GET', url: `${BASE}/${id}/table_metadata/` })).statusCode,
    ).toBe(400);
  });

  it('builds SELECT * with every column quoted by the dialect', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/select_star/customers/main/`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(
      'SELECT\n  "id",\n  "name",\n  "select"\nFROM "main"."customers"\nLIMIT 100',
    );
    const noSchema = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${id}/select_star/customers/`,
    });
    expect(noSchema.json().result).toBe(
      'SELECT\n  "id",\n  "name",\n  "select"\nFROM "customers"\nLIMIT 100',
    );
  });

  it('lists function names for completion', async () => {
    const res = await t.call('admin', { method: 'GET', url: `${BASE}/${id}/function_names/` });
    expect(res.statusCode).toBe(200);
    const names = res.json().function_names as string[];
    expect(names.length).toBeGreaterThan(10);
    expect([...names].sort()).toEqual(names);
  });

  it('hides the database from Gamma without grants (404 everywhere)', async () => {
    for (const url of [
      `${BASE}/${id}/schemas/`,
      `${BASE}/${id}/tables/?q=${rison('(schema_name:main)')}`,
      `${BASE}/${id}/table_metadata/?name=orders&schema=main`,
      `${BASE}/${id}/function_names/`,
    ]) {
      expect((await t.call('gamma', { method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (await t.call('anonymous', { method: 'GET', url: `${BASE}/${id}/schemas/` })).statusCode,
    ).toBe(401);
  });
});

describe('object grants', () => {
  let salesId: number;
  let otherId: number;
  beforeAll(async () => {
    const list = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/?q=${rison('(filters:!((col:database_name,opr:eq,value:sales)))')}`,
    });
    salesId = list.json().result[0].id;
    const other = await createDb({
      database_name: 'sales copy',
      sqlalchemy_uri: `sqlite:///${salesFile}`,
    });
    otherId = other.json().id;
    await grantToGamma(t, ['datasource_access', datasourceView('sales', 'orders', 1)]);
  });

  it('with a table grant, Gamma sees the database and only that table', async () => {
    const list = await t.call('gamma', { method: 'GET', url: `${BASE}/` });
    expect(list.json().result.map((d: { database_name: string }) => d.database_name)).toEqual([
      'sales',
    ]);
    const schemas = await t.call('gamma', { method: 'GET', url: `${BASE}/${salesId}/schemas/` });
    expect(schemas.json()).toEqual({ result: ['main'] });
    const tables = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${salesId}/tables/?q=${rison('(schema_name:main)')}`,
    });
    expect(tables.json()).toEqual({ count: 1, result: [{ value: 'orders', type: 'table' }] });
    const granted = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${salesId}/table_metadata/?name=orders&schema=main`,
    });
    expect(granted.statusCode).toBe(200);
    expect(
      (await t.call('gamma', { method: 'GET', url: `${BASE}/${otherId}/schemas/` })).statusCode,
    ).toBe(404);
  });

  it('answers a table Gamma may not read exactly as a missing one', async () => {
    const hidden = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${salesId}/table_metadata/?name=customers&schema=main`,
    });
    const missing = await t.call('admin', {
      method: 'GET',
      url: `${BASE}/${salesId}/table_metadata/?name=customers_x&schema=main`,
    });
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json().errors[0].error_type).toBe(missing.json().errors[0].error_type);
    expect(hidden.json().errors[0].message).toBe('Table "main.customers" does not exist');
    const star = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${salesId}/select_star/customers/main/`,
    });
    expect(star.statusCode).toBe(404);
  });

  it('with a schema grant, Gamma reads every table of that schema', async () => {
    await grantToGamma(t, ['schema_access', schemaView('sales copy', 'main')]);
    const tables = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${otherId}/tables/?q=${rison('(schema_name:main)')}`,
    });
    expect(tables.json().count).toBe(3);
    const meta = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${otherId}/table_metadata/?name=customers&schema=main`,
    });
    expect(meta.statusCode).toBe(200);
  });

  it('with a database grant, Gamma sees the database but still cannot edit it', async () => {
    await grantToGamma(t, ['database_access', databaseView('sales', salesId)]);
    const got = await t.call('gamma', { method: 'GET', url: `${BASE}/${salesId}` });
    expect(got.statusCode).toBe(200);
    const tables = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/${salesId}/tables/?q=${rison('(schema_name:main)')}`,
    });
    expect(tables.json().count).toBe(3);
    expect(
      (
        await t.call('gamma', {
          method: 'PUT',
          url: `${BASE}/${salesId}`,
          payload: { allow_dml: false },
        })
      ).statusCode,
    ).toBe(403);
  });
});
