import { type TabStateAnswer, tabStateToQueryEditor } from '@tessera/shared/api/sqllabState';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import {
  addDatabase,
  grantDatabase,
  insertQuery,
  multipartBody,
  urlencodedBody,
  userId,
} from './testSupport.ts';

const editor = (dbId: number, overrides: Record<string, unknown> = {}) => ({
  id: 'aBcDeFgHiJk',
  name: 'Untitled Query 1',
  dbId,
  catalog: null,
  schema: 'main',
  sql: 'SELECT * FROM orders',
  queryLimit: 1000,
  autorun: false,
  templateParams: '{"x": 1}',
  hideLeftBar: false,
  remoteId: null,
  selectedText: null,
  updatedAt: 1700000000000,
  version: 1,
  ...overrides,
});

describe.each(storeKinds())('SQL Lab tab state on the %s metadata store', (store) => {
  let t: TestApp;
  let dbId: number;
  let hiddenDbId: number;
  let sqllabId: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    dbId = await addDatabase(t, 'sales');
    hiddenDbId = await addDatabase(t, 'secret');
    await grantDatabase(t, 'sql_lab', dbId, 'sales');
    sqllabId = await userId(t, 'sqllab');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function createTab(user: 'sqllab' | 'admin' = 'sqllab', overrides = {}): Promise<number> {
    const body = await multipartBody({ queryEditor: editor(dbId, overrides) });
    const res = await t.call(user, { method: 'POST', url: '/tabstateview/', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }).id;
  }

  async function getTab(id: number, user: 'sqllab' | 'admin' = 'sqllab'): Promise<TabStateAnswer> {
    const res = await t.call(user, { method: 'GET', url: `/tabstateview/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TabStateAnswer;
  }

  describe('POST /tabstateview/', () => {
    it('creates a tab from a multipart form exactly as Superset posts it and answers its id', async () => {
      const id = await createTab();
      const tab = await getTab(id);
      expect(tab).toEqual({
        id,
        user_id: sqllabId,
        label: 'Untitled Query 1',
        active: true,
        database_id: dbId,
        catalog: null,
        schema: 'main',
        table_schemas: [],
        sql: 'SELECT * FROM orders',
        query_limit: 1000,
        latest_query: null,
        autorun: false,
        template_params: '{"x": 1}',
        hide_left_bar: false,
        saved_query: null,
        extra_json: '{"updatedAt":1700000000000,"version":1}',
      });
    });

    it('accepts the same fields urlencoded and as a JSON body', async () => {
      const form = urlencodedBody({ queryEditor: editor(dbId, { name: 'From a form' }) });
      const a = await t.call('sqllab', { method: 'POST', url: '/tabstateview/', ...form });
      expect(a.statusCode, a.body).toBe(200);
      expect((await getTab(a.json().id)).label).toBe('From a form');

      const b = await t.call('sqllab', {
        method: 'POST',
        url: '/tabstateview/',
        payload: { queryEditor: editor(dbId, { name: 'From JSON' }) },
      });
      expect(b.statusCode, b.body).toBe(200);
      expect((await getTab(b.json().id)).label).toBe('From JSON');
    });

    it('marks the user’s other tabs inactive and leaves other users’ tabs alone', async () => {
      const adminTab = await createTab('admin');
      const first = await createTab();
      const second = await createTab();
      expect((await getTab(first)).active).toBe(false);
      expect((await getTab(second)).active).toBe(true);
      expect((await getTab(adminTab, 'admin')).active).toBe(true);
    });

    it('fills Superset’s defaults for a bare editor', async () => {
      const id = await createTab('sqllab', {
        name: undefined,
        sql: undefined,
        schema: undefined,
        templateParams: undefined,
        queryLimit: undefined,
        updatedAt: undefined,
        version: undefined,
      });
      const tab = await getTab(id);
      expect(tab).toMatchObject({
        label: 'Untitled Query',
        sql: 'SELECT ...',
        schema: null,
        template_params: null,
        query_limit: null,
        extra_json: '{}',
      });
    });

    it('answers 400 naming the field when it is not JSON', async () => {
      const res = await t.call('sqllab', {
        method: 'POST',
        url: '/tabstateview/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'queryEditor=%7Bnot%20json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Field "queryEditor" is not valid JSON/);
    });

    it('answers 400 when queryEditor is missing or has wrong types', async () => {
      const missing = await t.call('sqllab', {
        method: 'POST',
        url: '/tabstateview/',
        ...(await multipartBody({})),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Missing field "queryEditor"' });

      const wrong = await t.call('sqllab', {
        method: 'POST',
        url: '/tabstateview/',
        ...(await multipartBody({
          queryEditor: editor(dbId, { queryLimit: 'lots', autorun: 'yes' }),
        })),
      });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().message).sort()).toEqual([
        'queryEditor.autorun',
        'queryEditor.queryLimit',
      ]);
    });

    it('refuses a database the user cannot see, the same as a missing one', async () => {
      for (const id of [hiddenDbId, 99999]) {
        const res = await t.call('sqllab', {
          method: 'POST',
          url: '/tabstateview/',
          ...(await multipartBody({ queryEditor: editor(id) })),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: { 'queryEditor.dbId': [`Database ${id} does not exist or is not accessible.`] },
        });
      }
    });

    it('answers 400 for a JSON body that is malformed, never 500', async () => {
      const res = await t.call('sqllab', {
        method: 'POST',
        url: '/tabstateview/',
        headers: { 'content-type': 'application/json' },
        payload: '{"queryEditor": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
    });

    it('refuses a form without the CSRF token', async () => {
      const { cookie } = await t.session('sqllab');
      const res = await t.app.inject({
        method: 'POST',
        url: '/tabstateview/',
        ...(await multipartBody({ queryEditor: editor(dbId) })),
        headers: { cookie, ...(await multipartBody({ queryEditor: editor(dbId) })).headers },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The CSRF token is missing.' });
    });

    it('refuses users without the TabStateView permission and anonymous callers', async () => {
      const body = await multipartBody({ queryEditor: editor(dbId) });
      const gamma = await t.call('gamma', { method: 'POST', url: '/tabstateview/', ...body });
      expect(gamma.statusCode).toBe(403);
      const anonymous = await t.call('anonymous', { method: 'GET', url: '/tabstateview/1' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('works with a bearer token and a JSON body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/tabstateview/',
        headers: await t.bearer('sqllab'),
        payload: { queryEditor: JSON.stringify(editor(dbId, { name: 'bearer' })) },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('GET, PUT, DELETE /tabstateview/{id}', () => {
    it('answers 404 with no body for a missing tab and 403 with no body for another user’s', async () => {
      const adminTab = await createTab('admin');
      const missing = await t.call('sqllab', { method: 'GET', url: '/tabstateview/987654' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe('');
      for (const request of [
        { method: 'GET' as const, url: `/tabstateview/${adminTab}` },
        {
          method: 'PUT' as const,
          url: `/tabstateview/${adminTab}`,
          ...urlencodedBody({ sql: 'x' }),
        },
        { method: 'DELETE' as const, url: `/tabstateview/${adminTab}` },
        { method: 'POST' as const, url: `/tabstateview/${adminTab}/activate` },
        {
          method: 'POST' as const,
          url: `/tabstateview/${adminTab}/migrate_query`,
          ...urlencodedBody({ queryId: 'x' }),
        },
        { method: 'DELETE' as const, url: `/tabstateview/${adminTab}/query/abc` },
      ]) {
        const res = await t.call('sqllab', request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(res.body).toBe('');
      }
      expect((await getTab(adminTab, 'admin')).sql).toBe('SELECT * FROM orders');
    });

    it('updates sql and latest_query_id sent as JSON-encoded form fields', async () => {
      const id = await createTab();
      await insertQuery(t, {
        clientId: 'q1Abcdefghi',
        databaseId: dbId,
        userId: sqllabId,
        tabId: id,
      });
      const res = await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...(await multipartBody({ sql: 'SELECT 2', latest_query_id: 'q1Abcdefghi' })),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toBe(id);
      const tab = await getTab(id);
      expect(tab.sql).toBe('SELECT 2');
      expect(tab.latest_query).toMatchObject({
        id: 'q1Abcdefghi',
        dbId,
        db: 'sales',
        state: 'success',
        sqlEditorId: String(id),
        userId: sqllabId,
      });
      expect(tabStateToQueryEditor(tab).latestQueryId).toBe('q1Abcdefghi');
    });

    it('updates the full set the editor sync sends', async () => {
      const id = await createTab();
      const res = await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...(await multipartBody({
          database_id: dbId,
          catalog: null,
          schema: 'other',
          sql: 'SELECT 3',
          label: 'Renamed',
          query_limit: 50,
          template_params: '{}',
          hide_left_bar: true,
          autorun: true,
          extra_json: JSON.stringify({ updatedAt: 5, version: 2 }),
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
      const tab = await getTab(id);
      expect(tab).toMatchObject({
        schema: 'other',
        sql: 'SELECT 3',
        label: 'Renamed',
        query_limit: 50,
        template_params: '{}',
        hide_left_bar: true,
        autorun: true,
        extra_json: '{"updatedAt":5,"version":2}',
      });
      expect(tabStateToQueryEditor(tab)).toMatchObject({
        name: 'Renamed',
        updatedAt: 5,
        version: 2,
      });
    });

    it('links and unlinks the user’s own saved query', async () => {
      const id = await createTab();
      const saved = await t.store.db
        .insertInto('saved_query')
        .values({
          uuid: crypto.randomUUID(),
          user_id: sqllabId,
          db_id: dbId,
          label: 'mine',
          description: '',
          sql: 'SELECT 1',
          extra_json: '{}',
          created_on: new Date().toISOString(),
          changed_on: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...urlencodedBody({ saved_query_id: saved.id }),
      });
      expect(link.statusCode, link.body).toBe(200);
      expect((await getTab(id)).saved_query).toEqual({ id: saved.id });
      const unlink = await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...urlencodedBody({ saved_query_id: null }),
      });
      expect(unlink.statusCode).toBe(200);
      expect((await getTab(id)).saved_query).toBeNull();
      const unknown = await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...urlencodedBody({ saved_query_id: 424242 }),
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        message: { saved_query_id: ['Saved query 424242 does not exist.'] },
      });
    });

    it('answers 400 for bad PUT fields: malformed JSON, unknown fields, wrong types, unknown query', async () => {
      const id = await createTab();
      const put = (payload: string) =>
        t.call('sqllab', {
          method: 'PUT',
          url: `/tabstateview/${id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
      const malformed = await put('sql=SELECT%201');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/^Field "sql" is not valid JSON/);

      const unknown = await put(`colour=${encodeURIComponent('"red"')}`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: { _schema: ['Unknown field: colour'] } });

      const wrongType = await put(`query_limit=${encodeURIComponent('"many"')}`);
      expect(wrongType.statusCode).toBe(400);
      expect(Object.keys(wrongType.json().message)).toEqual(['query_limit']);

      const noQuery = await put(`latest_query_id=${encodeURIComponent('"nosuchquery"')}`);
      expect(noQuery.statusCode).toBe(400);
      expect(noQuery.json()).toEqual({
        message: { latest_query_id: ['Query nosuchquery does not exist.'] },
      });

      const hidden = await put(`database_id=${hiddenDbId}`);
      expect(hidden.statusCode).toBe(400);
    });

    it('refuses another user’s run as the latest query', async () => {
      const id = await createTab();
      const adminId = await userId(t, 'admin');
      await insertQuery(t, { clientId: 'adminQuery1', databaseId: dbId, userId: adminId });
      const res = await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...urlencodedBody({ latest_query_id: 'adminQuery1' }),
      });
      expect(res.statusCode).toBe(400);
    });

    it('deletes a tab with its table schemas and answers "OK"', async () => {
      const id = await createTab();
      const table = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({
          table: { dbId, queryEditorId: String(id), schema: 'main', name: 'orders', columns: [] },
        })),
      });
      expect(table.statusCode, table.body).toBe(200);
      const res = await t.call('sqllab', { method: 'DELETE', url: `/tabstateview/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toBe('OK');
      expect(
        (await t.call('sqllab', { method: 'GET', url: `/tabstateview/${id}` })).statusCode,
      ).toBe(404);
      const left = await t.store.db
        .selectFrom('table_schema')
        .select('id')
        .where('tab_state_id', '=', id)
        .execute();
      expect(left).toEqual([]);
      const again = await t.call('sqllab', { method: 'DELETE', url: `/tabstateview/${id}` });
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe('');
    });

    it('answers 400 for an id that is not a number', async () => {
      const res = await t.call('sqllab', { method: 'GET', url: '/tabstateview/abc' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('activate, migrate_query and removing a run', () => {
    it('activates one tab and deactivates the user’s others', async () => {
      const a = await createTab();
      const b = await createTab();
      const res = await t.call('sqllab', { method: 'POST', url: `/tabstateview/${a}/activate` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toBe(a);
      expect((await getTab(a)).active).toBe(true);
      expect((await getTab(b)).active).toBe(false);
    });

    it('attaches one of the user’s runs to a tab', async () => {
      const id = await createTab();
      await insertQuery(t, {
        clientId: 'localRun001',
        databaseId: dbId,
        userId: sqllabId,
        tabId: 'localEditor',
      });
      const res = await t.call('sqllab', {
        method: 'POST',
        url: `/tabstateview/${id}/migrate_query`,
        ...(await multipartBody({ queryId: 'localRun001' })),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toBe(id);
      const row = await t.store.db
        .selectFrom('query')
        .select('sql_editor_id')
        .where('client_id', '=', 'localRun001')
        .executeTakeFirstOrThrow();
      expect(row.sql_editor_id).toBe(String(id));
    });

    it('refuses to migrate a run that is missing or someone else’s, and a missing field', async () => {
      const id = await createTab();
      const adminId = await userId(t, 'admin');
      await insertQuery(t, {
        clientId: 'adminRun001',
        databaseId: dbId,
        userId: adminId,
        tabId: 'x',
      });
      for (const queryId of ['adminRun001', 'nosuchrun']) {
        const res = await t.call('sqllab', {
          method: 'POST',
          url: `/tabstateview/${id}/migrate_query`,
          ...(await multipartBody({ queryId })),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: `Query ${queryId} does not exist` });
      }
      const missing = await t.call('sqllab', {
        method: 'POST',
        url: `/tabstateview/${id}/migrate_query`,
        ...(await multipartBody({})),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: { queryId: ['Missing data for required field.'] },
      });
    });

    it('removes a run from the tab and falls back to the previous run as the latest', async () => {
      const id = await createTab();
      await insertQuery(t, {
        clientId: 'histRun0001',
        databaseId: dbId,
        userId: sqllabId,
        tabId: id,
      });
      await insertQuery(t, {
        clientId: 'histRun0002',
        databaseId: dbId,
        userId: sqllabId,
        tabId: id,
      });
      await t.call('sqllab', {
        method: 'PUT',
        url: `/tabstateview/${id}`,
        ...urlencodedBody({ latest_query_id: 'histRun0002' }),
      });
      const res = await t.call('sqllab', {
        method: 'DELETE',
        url: `/tabstateview/${id}/query/histRun0002`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toBe('OK');
      expect((await getTab(id)).latest_query).toMatchObject({ id: 'histRun0001' });
      const gone = await t.store.db
        .selectFrom('query')
        .select('id')
        .where('client_id', '=', 'histRun0002')
        .execute();
      expect(gone).toEqual([]);
      await t.call('sqllab', { method: 'DELETE', url: `/tabstateview/${id}/query/histRun0001` });
      expect((await getTab(id)).latest_query).toBeNull();
    });
  });

  describe('/tableschemaview/', () => {
    const table = (tabId: number, overrides: Record<string, unknown> = {}) => ({
      id: 'tblClientId',
      dbId,
      queryEditorId: tabId,
      catalog: null,
      schema: 'main',
      name: 'orders',
      columns: [{ name: 'id', type: 'INTEGER', keys: [] }],
      selectStar: 'SELECT * FROM orders',
      primaryKey: { column_names: ['id'] },
      foreignKeys: [],
      indexes: [],
      dataPreviewQueryId: null,
      expanded: true,
      ...overrides,
    });

    it('adds a table schema whose description keeps the whole client table, shown in the tab', async () => {
      const id = await createTab();
      const res = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: table(id) })),
      });
      expect(res.statusCode, res.body).toBe(200);
      const schemaId = res.json().id as number;
      const tab = await getTab(id);
      expect(tab.table_schemas).toEqual([
        {
          id: schemaId,
          tab_state_id: id,
          database_id: dbId,
          catalog: null,
          schema: 'main',
          table: 'orders',
          description: table(id),
          expanded: true,
        },
      ]);
    });

    it('replaces the same table added twice to a tab', async () => {
      const id = await createTab();
      const body = await multipartBody({ table: table(id) });
      await t.call('sqllab', { method: 'POST', url: '/tableschemaview/', ...body });
      const second = await t.call('sqllab', { method: 'POST', url: '/tableschemaview/', ...body });
      expect(second.statusCode).toBe(200);
      const tab = await getTab(id);
      expect(tab.table_schemas.map((s) => s.id)).toEqual([second.json().id]);
    });

    it('expands and collapses, answering {id, expanded}', async () => {
      const id = await createTab();
      const added = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: table(id) })),
      });
      const schemaId = added.json().id as number;
      const res = await t.call('sqllab', {
        method: 'POST',
        url: `/tableschemaview/${schemaId}/expanded`,
        ...(await multipartBody({ expanded: false })),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: schemaId, expanded: false });
      expect((await getTab(id)).table_schemas[0]?.expanded).toBe(false);
      const bad = await t.call('sqllab', {
        method: 'POST',
        url: `/tableschemaview/${schemaId}/expanded`,
        ...urlencodedBody({ expanded: 'sure' }),
      });
      expect(bad.statusCode).toBe(400);
    });

    it('removes a table schema', async () => {
      const id = await createTab();
      const added = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: table(id) })),
      });
      const res = await t.call('sqllab', {
        method: 'DELETE',
        url: `/tableschemaview/${added.json().id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe('OK');
      expect((await getTab(id)).table_schemas).toEqual([]);
      const again = await t.call('sqllab', {
        method: 'DELETE',
        url: `/tableschemaview/${added.json().id}`,
      });
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe('');
    });

    it('refuses another user’s tab or table schema with no body', async () => {
      const adminTab = await createTab('admin');
      const add = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: table(adminTab) })),
      });
      expect(add.statusCode).toBe(403);
      expect(add.body).toBe('');

      const adminSchema = await t.call('admin', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: table(adminTab) })),
      });
      expect(adminSchema.statusCode, adminSchema.body).toBe(200);
      const schemaId = adminSchema.json().id as number;
      const expand = await t.call('sqllab', {
        method: 'POST',
        url: `/tableschemaview/${schemaId}/expanded`,
        ...(await multipartBody({ expanded: false })),
      });
      expect(expand.statusCode).toBe(403);
      expect(expand.body).toBe('');
      const del = await t.call('sqllab', { method: 'DELETE', url: `/tableschemaview/${schemaId}` });
      expect(del.statusCode).toBe(403);
      expect(del.body).toBe('');
      expect((await getTab(adminTab, 'admin')).table_schemas).toHaveLength(1);
    });

    it('answers 400 for a malformed or incomplete table and an unknown tab', async () => {
      const id = await createTab();
      const malformed = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'table=%7B%22dbId%22',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/^Field "table" is not valid JSON/);

      const incomplete = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: { dbId, queryEditorId: id } })),
      });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json()).toEqual({
        message: { 'table.name': ['Missing data for required field.'] },
      });

      const noTab = await t.call('sqllab', {
        method: 'POST',
        url: '/tableschemaview/',
        ...(await multipartBody({ table: table(876543) })),
      });
      expect(noTab.statusCode).toBe(400);
      expect(noTab.json()).toEqual({
        message: { 'table.queryEditorId': ['Tab 876543 does not exist.'] },
      });
    });
  });
});
