import {
  clientToSavedQueryBody,
  type SavedQueryItem,
  savedQueryToClient,
} from '@tessera/shared/api/savedQueries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDatabase, grantDatabase, multipartBody } from '../sqllab-state/testSupport.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

const BASE = '/api/v1/saved_query';
const q = (rison: string) => encodeURIComponent(rison);

describe.each(storeKinds())('/api/v1/saved_query/ on the %s metadata store', (store) => {
  let t: TestApp;
  let salesId: number;
  let otherId: number;
  let hiddenId: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    salesId = await addDatabase(t, 'sales');
    otherId = await addDatabase(t, 'warehouse');
    hiddenId = await addDatabase(t, 'secret');
    await grantDatabase(t, 'sql_lab', salesId, 'sales');
    await grantDatabase(t, 'sql_lab', otherId, 'warehouse');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function create(user: 'sqllab' | 'admin', body: Record<string, unknown>): Promise<number> {
    const res = await t.call(user, { method: 'POST', url: `${BASE}/`, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  it('creates a saved query with the spec’s payload and answers 201 {id, result}', async () => {
    const res = await t.call('sqllab', {
      method: 'POST',
      url: `${BASE}/`,
      payload: {
        label: 'Revenue',
        db_id: salesId,
        schema: 'main',
        catalog: null,
        sql: 'SELECT sum(amount) FROM orders',
        template_parameters: '{"year": 2024}',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      result: {
        label: 'Revenue',
        db_id: salesId,
        catalog: null,
        schema: 'main',
        sql: 'SELECT sum(amount) FROM orders',
        description: '',
        template_parameters: '{"year": 2024}',
        extra_json: '{}',
      },
    });
  });

  it('reads a saved query with its database and creator, and maps it to the client’s names', async () => {
    const id = await create('sqllab', {
      label: 'Top customers',
      db_id: salesId,
      schema: 'main',
      sql: 'SELECT * FROM customers',
      description: 'the best ones',
      template_parameters: '',
    });
    const res = await t.call('sqllab', { method: 'GET', url: `${BASE}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().result as SavedQueryItem;
    expect(res.json().id).toBe(id);
    expect(item).toMatchObject({
      id,
      label: 'Top customers',
      description: 'the best ones',
      database: { id: salesId, database_name: 'sales' },
      schema: 'main',
      sql: 'SELECT * FROM customers',
      changed_on_delta_humanized: 'a few seconds ago',
      created_by: { first_name: expect.any(String) },
    });
    expect(item.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(savedQueryToClient(item)).toEqual({
      remoteId: id,
      name: 'Top customers',
      dbId: salesId,
      catalog: null,
      schema: 'main',
      sql: 'SELECT * FROM customers',
      templateParams: '',
      description: 'the best ones',
    });
  });

  it('updates the same fields with PUT', async () => {
    const id = await create('sqllab', { label: 'Draft', db_id: salesId, sql: 'SELECT 1' });
    const body = clientToSavedQueryBody({
      name: 'Final',
      dbId: otherId,
      schema: 'main',
      sql: 'SELECT 2',
      templateParams: '{}',
    });
    const res = await t.call('sqllab', { method: 'PUT', url: `${BASE}/${id}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id,
      result: {
        label: 'Final',
        db_id: otherId,
        catalog: null,
        schema: 'main',
        sql: 'SELECT 2',
        description: '',
        template_parameters: '{}',
        extra_json: '{}',
      },
    });
    const partial = await t.call('sqllab', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { description: 'noted' },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().result).toMatchObject({ label: 'Final', description: 'noted' });
  });

  it('answers 400 for bad bodies with the field problems', async () => {
    const missing = await t.call('sqllab', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { sql: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: {
        label: ['Missing data for required field.'],
        db_id: ['Missing data for required field.'],
      },
    });
    const badJson = await t.call('sqllab', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { label: 'x', db_id: salesId, template_parameters: '{nope' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message.template_parameters[0]).toMatch(
      /^Field cannot be decoded by JSON/,
    );
    const unknown = await t.call('sqllab', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { label: 'x', db_id: salesId, colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    const empty = await t.call('sqllab', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { label: '  ', db_id: salesId },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: { label: ['Shorter than minimum length 1.'] } });
  });

  it('refuses a database the user cannot see, the same as a missing one', async () => {
    for (const id of [hiddenId, 99999]) {
      const res = await t.call('sqllab', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { label: 'x', db_id: id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { db_id: [`Database ${id} does not exist or is not accessible.`] },
      });
    }
  });

  it('hides another user’s saved query: read, update and delete answer 404', async () => {
    const adminsId = await create('admin', {
      label: 'Admin only',
      db_id: hiddenId,
      sql: 'SELECT 42',
    });
    for (const request of [
      { method: 'GET' as const, url: `${BASE}/${adminsId}` },
      { method: 'PUT' as const, url: `${BASE}/${adminsId}`, payload: { label: 'stolen' } },
      { method: 'DELETE' as const, url: `${BASE}/${adminsId}` },
    ]) {
      const res = await t.call('sqllab', request);
      expect(res.statusCode, request.method).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const list = await t.call('sqllab', { method: 'GET', url: `${BASE}/` });
    expect(list.json().ids).not.toContain(adminsId);
    const mine = await t.call('admin', { method: 'GET', url: `${BASE}/${adminsId}` });
    expect(mine.json().result.label).toBe('Admin only');
  });

  it('lists only the user’s own saved queries with Superset’s list columns', async () => {
    const res = await t.call('sqllab', { method: 'GET', url: `${BASE}/` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.list_title).toBe('List Saved Query');
    expect(body.count).toBe(body.result.length);
    expect(body.list_columns).toEqual(
      expect.arrayContaining([
        'label',
        'sql',
        'database.database_name',
        'changed_on_delta_humanized',
      ]),
    );
    expect(body.result[0]).toMatchObject({
      id: expect.any(Number),
      label: expect.any(String),
      database: { id: expect.any(Number), database_name: expect.any(String) },
      created_by: {
        id: expect.any(Number),
        first_name: expect.any(String),
        last_name: expect.any(String),
      },
      changed_on_delta_humanized: 'a few seconds ago',
    });
    const labels = body.result.map((r: { label: string }) => r.label);
    expect(labels).not.toContain('Admin only');
  });

  describe('list filters, order and pages', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      ids = {
        alpha: await create('sqllab', {
          label: 'Filter alpha',
          db_id: salesId,
          schema: 's1',
          sql: 'SELECT 100% FROM t_x',
        }),
        beta: await create('sqllab', {
          label: 'Filter beta',
          db_id: otherId,
          schema: 's2',
          sql: 'SELECT region FROM sales',
          description: 'regional',
        }),
        gamma: await create('sqllab', {
          label: 'Filter gamma',
          db_id: salesId,
          schema: 's2',
          sql: 'SELECT 3',
        }),
      };
    });

    const list = async (rison: string) => {
      const res = await t.call('sqllab', { method: 'GET', url: `${BASE}/?q=${q(rison)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; ids: number[]; result: Array<Record<string, unknown>> };
    };

    it('searches label, description and SQL with all_text, case-insensitively', async () => {
      expect((await list("(filters:!((col:label,opr:all_text,value:'filter B')))")).ids).toEqual([
        ids.beta,
      ]);
      expect((await list('(filters:!((col:label,opr:all_text,value:REGIONAL)))')).ids).toEqual([
        ids.beta,
      ]);
      expect((await list("(filters:!((col:label,opr:all_text,value:'region from')))")).ids).toEqual(
        [ids.beta],
      );
    });

    it('treats % and _ in a searched value literally', async () => {
      expect((await list("(filters:!((col:sql,opr:ct,value:'100%')))")).ids).toEqual([ids.alpha]);
      expect((await list("(filters:!((col:sql,opr:ct,value:'t_x')))")).ids).toEqual([ids.alpha]);
      expect((await list("(filters:!((col:sql,opr:ct,value:'_')))")).ids).toEqual([ids.alpha]);
    });

    it('filters by database and schema, combined', async () => {
      const byDb = await list(
        `(filters:!((col:database,opr:rel_o_m,value:${salesId}),(col:label,opr:sw,value:Filter)))`,
      );
      expect(byDb.ids.sort()).toEqual([ids.alpha, ids.gamma].sort());
      const both = await list(
        `(filters:!((col:database,opr:rel_o_m,value:${salesId}),(col:schema,opr:eq,value:s2)))`,
      );
      expect(both.ids).toEqual([ids.gamma]);
    });

    it('orders and pages', async () => {
      const asc = await list(
        '(filters:!((col:label,opr:sw,value:Filter)),order_column:label,order_direction:asc,page:0,page_size:2)',
      );
      expect(asc.count).toBe(3);
      expect(asc.ids).toEqual([ids.alpha, ids.beta]);
      const next = await list(
        '(filters:!((col:label,opr:sw,value:Filter)),order_column:label,order_direction:asc,page:1,page_size:2)',
      );
      expect(next.ids).toEqual([ids.gamma]);
      const byDbName = await list(
        '(filters:!((col:label,opr:sw,value:Filter)),order_column:database.database_name,order_direction:desc)',
      );
      expect(byDbName.ids[0]).toBe(ids.beta);
    });

    it('answers only the asked columns', async () => {
      const res = await list(
        `(columns:!(id,label,database.database_name),filters:!((col:id,opr:eq,value:${ids.alpha})))`,
      );
      expect(res.result).toEqual([
        { id: ids.alpha, label: 'Filter alpha', database: { database_name: 'sales' } },
      ]);
    });

    it('answers 400 for an unknown filter column or operator, a bad value, a bad order or bad rison', async () => {
      for (const [rison, message] of [
        ['(filters:!((col:owner,opr:eq,value:1)))', 'Filter column: owner not allowed to filter'],
        ['(filters:!((col:label,opr:gt,value:x)))', 'Filter operator: gt not allowed on label'],
        [
          '(order_column:nonsense)',
          'Not a valid rison schema: order_column: nonsense is not allowed',
        ],
        [
          '(filters:!((col:database,opr:rel_o_m,value:abc)))',
          'Not a valid rison schema: filters.value of database must be an id',
        ],
        ['(page:', 'Not a valid rison/json argument'],
      ] as const) {
        const res = await t.call('sqllab', { method: 'GET', url: `${BASE}/?q=${q(rison)}` });
        expect(res.statusCode, rison).toBe(400);
        expect(res.json()).toEqual({ message });
      }
    });
  });

  it('deletes one saved query, unlinking tabs that pointed at it', async () => {
    const id = await create('sqllab', { label: 'Doomed', db_id: salesId });
    const tab = await t.call('sqllab', {
      method: 'POST',
      url: '/tabstateview/',
      ...(await multipartBody({ queryEditor: { name: 'linked', dbId: salesId, remoteId: id } })),
    });
    expect(tab.statusCode, tab.body).toBe(200);
    const res = await t.call('sqllab', { method: 'DELETE', url: `${BASE}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    expect((await t.call('sqllab', { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(404);
    const state = await t.call('sqllab', { method: 'GET', url: `/tabstateview/${tab.json().id}` });
    expect(state.json().saved_query).toBeNull();
  });

  it('bulk-deletes with q=!(ids), all or nothing', async () => {
    const a = await create('sqllab', { label: 'Bulk a', db_id: salesId });
    const b = await create('sqllab', { label: 'Bulk b', db_id: salesId });
    const adminsId = await create('admin', { label: 'Bulk admin', db_id: salesId });
    const refused = await t.call('sqllab', {
      method: 'DELETE',
      url: `${BASE}/?q=${q(`!(${a},${adminsId})`)}`,
    });
    expect(refused.statusCode).toBe(404);
    expect((await t.call('sqllab', { method: 'GET', url: `${BASE}/${a}` })).statusCode).toBe(200);

    const res = await t.call('sqllab', {
      method: 'DELETE',
      url: `${BASE}/?q=${q(`!(${a},${b})`)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted 2 saved queries' });
    const one = await create('sqllab', { label: 'Bulk c', db_id: salesId });
    const single = await t.call('sqllab', {
      method: 'DELETE',
      url: `${BASE}/?q=${q(`!(${one})`)}`,
    });
    expect(single.json()).toEqual({ message: 'Deleted 1 saved query' });

    const none = await t.call('sqllab', { method: 'DELETE', url: `${BASE}/` });
    expect(none.statusCode).toBe(400);
    const bad = await t.call('sqllab', { method: 'DELETE', url: `${BASE}/?q=${q('!(x)')}` });
    expect(bad.statusCode).toBe(400);
  });

  it('checks (can_read|can_write, SavedQuery) and CSRF', async () => {
    const gamma = await t.call('gamma', { method: 'GET', url: `${BASE}/` });
    expect(gamma.statusCode).toBe(403);
    const anonymous = await t.call('anonymous', { method: 'GET', url: `${BASE}/` });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await t.session('sqllab');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${BASE}/`,
      headers: { cookie },
      payload: { label: 'x', db_id: salesId },
    });
    expect(noCsrf.statusCode).toBe(400);
    expect(noCsrf.json()).toEqual({ message: 'The CSRF token is missing.' });
  });
});
