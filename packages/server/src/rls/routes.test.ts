import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, rison } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { rlsClausesFor, rlsRulesFor } from './service.ts';

const BASE = '/api/v1/rowlevelsecurity';

describe.each(storeKinds())('row-level security on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  let regions: number;
  let roles: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
    roles = {};
    for (const name of ['Admin', 'Alpha', 'Gamma']) {
      const role = await securityRepository.getRoleByName(t.store.db, name);
      roles[name] = role?.id as number;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (payload: Record<string, unknown>, caller: 'admin' | 'alpha' = 'admin') =>
    t.call(caller, { method: 'POST', url: `${BASE}/`, payload });

  describe('the API', () => {
    let id: number;

    it('creates a rule and reads it back with its tables and roles', async () => {
      const res = await create({
        name: 'EU only',
        description: 'Gamma sees Europe',
        filter_type: 'Regular',
        tables: [sales],
        roles: [roles.Gamma],
        group_key: 'region',
        clause: "region = 'EU'",
      });
      expect(res.statusCode).toBe(201);
      id = res.json().id;
      expect(res.json().result).toMatchObject({ name: 'EU only', filter_type: 'Regular' });
      const read = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
      expect(read.json().result).toMatchObject({
        id,
        name: 'EU only',
        description: 'Gamma sees Europe',
        filter_type: 'Regular',
        tables: [{ id: sales, schema: 'main', table_name: 'sales' }],
        roles: [{ id: roles.Gamma, name: 'Gamma' }],
        group_key: 'region',
        clause: "region = 'EU'",
      });
    });

    it('lists, filters and searches rules', async () => {
      await create({
        name: 'Not deleted',
        filter_type: 'Base',
        tables: [sales, regions],
        roles: [],
        clause: 'deleted = false',
      });
      const all = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(order_column:name,order_direction:asc)')}`,
      });
      expect(all.json()).toMatchObject({
        count: 2,
        result: [{ name: 'EU only' }, { name: 'Not deleted' }],
      });
      const base = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:filter_type,opr:eq,value:Base)))')}`,
      });
      expect(base.json().count).toBe(1);
      const byTable = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison(`(filters:!((col:tables,opr:rel_m_m,value:${regions})))`)}`,
      });
      expect(byTable.json().result.map((r: { name: string }) => r.name)).toEqual(['Not deleted']);
      const search = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:name,opr:ct,value:eu)))')}`,
      });
      expect(search.json().count).toBe(1);
      const bad = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:nope,opr:eq,value:x)))')}`,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('updates a rule', async () => {
      const res = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { clause: "region IN ('EU', 'UK')", roles: [roles.Gamma, roles.Alpha] },
      });
      expect(res.statusCode).toBe(200);
      const read = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
      expect(read.json().result.clause).toBe("region IN ('EU', 'UK')");
      expect(read.json().result.roles.map((r: { name: string }) => r.name)).toEqual([
        'Alpha',
        'Gamma',
      ]);
    });

    it('refuses bad input with Superset envelopes', async () => {
      const type = await create({
        name: 'x',
        filter_type: 'Sometimes',
        tables: [sales],
        roles: [],
        clause: '1=1',
      });
      expect(type.statusCode).toBe(400);
      expect(type.json().message.filter_type).toEqual(['Must be one of: Regular, Base.']);
      const noTables = await create({ name: 'x', filter_type: 'Base', tables: [], clause: '1=1' });
      expect(noTables.statusCode).toBe(400);
      const role = await create({
        name: 'x',
        filter_type: 'Base',
        tables: [sales],
        roles: [4242],
        clause: '1=1',
      });
      expect(role.json()).toEqual({ message: { roles: ['Some roles do not exist'] } });
      const table = await create({
        name: 'x',
        filter_type: 'Base',
        tables: [4242],
        roles: [],
        clause: '1=1',
      });
      expect(table.json()).toEqual({ message: { tables: ['Datasource does not exist'] } });
      const dup = await create({
        name: 'EU only',
        filter_type: 'Base',
        tables: [sales],
        roles: [],
        clause: '1=1',
      });
      expect(dup.statusCode).toBe(422);
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/4242` })).statusCode).toBe(404);
      expect(
        (await t.call('admin', { method: 'PUT', url: `${BASE}/4242`, payload: { clause: 'x' } }))
          .statusCode,
      ).toBe(404);
    });

    it('is for admins only', async () => {
      expect((await t.call('alpha', { method: 'GET', url: `${BASE}/` })).statusCode).toBe(403);
      expect(
        (
          await create(
            { name: 'alpha', filter_type: 'Base', tables: [sales], clause: '1=1' },
            'alpha',
          )
        ).statusCode,
      ).toBe(403);
      expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(403);
    });

    it('refuses a write without the CSRF token', async () => {
      const { cookie } = await t.session('admin');
      const res = await t.app.inject({
        method: 'DELETE',
        url: `${BASE}/${id}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('rlsClausesFor', () => {
    beforeAll(async () => {
      // Start from a clean slate: the API tests above left rules behind.
      const list = await t.call('admin', { method: 'GET', url: `${BASE}/?q=(page_size:-1)` });
      const ids = list.json().ids as number[];
      if (ids.length > 0)
        await t.call('admin', { method: 'DELETE', url: `${BASE}/?q=!(${ids.join(',')})` });
      const rules = [
        {
          name: 'eu',
          filter_type: 'Regular',
          tables: [sales],
          roles: [roles.Gamma],
          group_key: 'region',
          clause: "region = 'EU'",
        },
        {
          name: 'us',
          filter_type: 'Regular',
          tables: [sales],
          roles: [roles.Gamma],
          group_key: 'region',
          clause: "region = 'US'",
        },
        {
          name: 'mine',
          filter_type: 'Regular',
          tables: [sales],
          roles: [roles.Gamma],
          clause: "seller = '{{ current_username() }}'",
        },
        {
          name: 'tenant',
          filter_type: 'Base',
          tables: [sales],
          roles: [roles.Admin],
          clause: 'tenant = {{ tenant | default(1) }}',
        },
        {
          name: 'regions only',
          filter_type: 'Base',
          tables: [regions],
          roles: [],
          clause: "code <> 'XX'",
        },
      ];
      for (const rule of rules) expect((await create(rule)).statusCode).toBe(201);
    });

    const gamma = () => ({ id: 3, username: 'gamma', roles: { Gamma: [] } });

    it('combines Gamma rules: group ORed, others ANDed, templates rendered', async () => {
      const clauses = await rlsClausesFor(t, gamma(), sales);
      expect(clauses).toEqual([
        "(seller = 'gamma')",
        '(tenant = 1)',
        "((region = 'EU') OR (region = 'US'))",
      ]);
    });

    it('exempts the roles of a Base rule', async () => {
      expect(
        await rlsClausesFor(t, { id: 1, username: 'admin', roles: { Admin: [] } }, sales),
      ).toEqual([]);
    });

    it('applies Base rules to anonymous callers and renders extra template variables', async () => {
      expect(await rlsClausesFor(t, null, sales, { params: { tenant: 9 } })).toEqual([
        '(tenant = 9)',
      ]);
    });

    it("uses the caller's renderer when one is given", async () => {
      const clauses = await rlsClausesFor(t, gamma(), sales, (clause) =>
        clause.replace(/\{\{.*?\}\}/g, 'X'),
      );
      expect(clauses).toEqual([
        "(seller = 'X')",
        '(tenant = X)',
        "((region = 'EU') OR (region = 'US'))",
      ]);
    });

    it('applies only the rules attached to the dataset', async () => {
      expect(await rlsClausesFor(t, gamma(), regions)).toEqual(["(code <> 'XX')"]);
      const rules = await rlsRulesFor(t, gamma(), regions);
      expect(rules.map((r) => r.clause)).toEqual(["code <> 'XX'"]);
    });

    it('drops the rules of a deleted dataset', async () => {
      const temp = await createDataset(t, {
        database: (await t.call('admin', { method: 'GET', url: `/api/v1/dataset/${sales}` })).json()
          .result.database.id,
        sql: 'SELECT 1 AS x',
        table_name: 'temp',
      });
      await create({
        name: 'temp rule',
        filter_type: 'Base',
        tables: [temp],
        roles: [],
        clause: 'x = 1',
      });
      await t.call('admin', { method: 'DELETE', url: `/api/v1/dataset/${temp}` });
      expect(await rlsClausesFor(t, gamma(), temp)).toEqual([]);
      const read = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison("(filters:!((col:name,opr:eq,value:'temp rule')))")}`,
      });
      expect(read.json().result[0].tables).toEqual([]);
    });

    it('deletes rules one at a time and in bulk', async () => {
      const list = await t.call('admin', { method: 'GET', url: `${BASE}/?q=(page_size:-1)` });
      const ids = list.json().ids as number[];
      const one = await t.call('admin', { method: 'DELETE', url: `${BASE}/${ids[0]}` });
      expect(one.json()).toEqual({ message: 'OK' });
      const rest = ids.slice(1);
      const bulk = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/?q=!(${rest.join(',')})`,
      });
      expect(bulk.json()).toEqual({ message: `Deleted ${rest.length} rules` });
      expect(await rlsClausesFor(t, gamma(), sales)).toEqual([]);
    });
  });
});
