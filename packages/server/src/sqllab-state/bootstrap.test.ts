import type { SqllabBootstrapAnswer } from '@tessera/shared/api/sqllabState';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { addDatabase, grantDatabase, insertQuery, multipartBody, userId } from './testSupport.ts';

describe.each(storeKinds())('GET /api/v1/sqllab/ on the %s metadata store', (store) => {
  let t: TestApp;
  let salesId: number;
  let hiddenId: number;
  let unexposedId: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    salesId = await addDatabase(t, 'sales', { extra: '{"disable_data_preview": true}' });
    hiddenId = await addDatabase(t, 'secret');
    unexposedId = await addDatabase(t, 'back_office', { expose: false });
    await grantDatabase(t, 'sql_lab', salesId, 'sales');
    await grantDatabase(t, 'sql_lab', unexposedId, 'back_office');
  });
  afterAll(async () => {
    await t?.close();
  });

  const bootstrap = async (user: 'sqllab' | 'admin') => {
    const res = await t.call(user, { method: 'GET', url: '/api/v1/sqllab/' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SqllabBootstrapAnswer).result;
  };

  it('answers an empty workspace for a user without tabs', async () => {
    const result = await bootstrap('sqllab');
    expect(result.active_tab).toBeNull();
    expect(result.tab_state_ids).toEqual([]);
    expect(result.queries).toEqual({});
  });

  it('lists only databases exposed in SQL Lab that the user may see, with SQL Lab’s keys and allows_cost_estimate', async () => {
    const result = await bootstrap('sqllab');
    expect(Object.keys(result.databases)).toEqual([String(salesId)]);
    expect(result.databases[String(salesId)]).toEqual({
      id: salesId,
      database_name: 'sales',
      backend: 'sqlite',
      allow_run_async: false,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: false,
      allow_multi_catalog: false,
      allows_subquery: true,
      expose_in_sqllab: true,
      force_ctas_schema: null,
      disable_data_preview: true,
      disable_drill_to_detail: false,
      allows_cost_estimate: false,
    });
    const admin = await bootstrap('admin');
    expect(Object.keys(admin.databases).sort()).toEqual([String(salesId), String(hiddenId)].sort());
  });

  it('answers the active tab in full, every tab’s id and label, and the runs of the user’s tabs', async () => {
    const sqllab = await userId(t, 'sqllab');
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const res = await t.call('sqllab', {
        method: 'POST',
        url: '/tabstateview/',
        ...(await multipartBody({ queryEditor: { name, dbId: salesId, sql: `SELECT '${name}'` } })),
      });
      ids.push(res.json().id);
    }
    const [first, second] = ids as [number, number, number];
    await t.call('sqllab', { method: 'POST', url: `/tabstateview/${second}/activate` });
    await insertQuery(t, {
      clientId: 'bootRun0001',
      databaseId: salesId,
      userId: sqllab,
      tabId: first,
    });
    await insertQuery(t, {
      clientId: 'bootRun0002',
      databaseId: salesId,
      userId: sqllab,
      tabId: second,
    });
    await insertQuery(t, {
      clientId: 'bootRun0003',
      databaseId: salesId,
      userId: sqllab,
      tabId: 'closedTab',
    });
    await insertQuery(t, {
      clientId: 'bootRun0004',
      databaseId: salesId,
      userId: await userId(t, 'admin'),
      tabId: first,
    });

    const result = await bootstrap('sqllab');
    expect(result.tab_state_ids).toEqual([
      { id: ids[0], label: 'First' },
      { id: ids[1], label: 'Second' },
      { id: ids[2], label: 'Third' },
    ]);
    expect(result.active_tab).toMatchObject({
      id: second,
      label: 'Second',
      active: true,
      sql: "SELECT 'Second'",
    });
    expect(Object.keys(result.queries).sort()).toEqual(['bootRun0001', 'bootRun0002']);
    expect(result.queries.bootRun0001).toMatchObject({
      id: 'bootRun0001',
      dbId: salesId,
      db: 'sales',
      sqlEditorId: String(first),
      state: 'success',
      userId: sqllab,
    });

    const admin = await bootstrap('admin');
    expect(admin.tab_state_ids).toEqual([]);
    expect(admin.queries).toEqual({});
  });

  it('falls back to the most recent tab when none is active', async () => {
    const sqllab = await userId(t, 'sqllab');
    await t.store.db
      .updateTable('tab_state')
      .set({ active: 0 })
      .where('user_id', '=', sqllab)
      .execute();
    const result = await bootstrap('sqllab');
    expect(result.active_tab).not.toBeNull();
  });

  it('refuses users without SQL Lab access', async () => {
    const gamma = await t.call('gamma', { method: 'GET', url: '/api/v1/sqllab/' });
    expect(gamma.statusCode).toBe(403);
    expect(gamma.json()).toEqual({ message: 'Forbidden' });
    const anonymous = await t.call('anonymous', { method: 'GET', url: '/api/v1/sqllab/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/v1/sqllab/ with backend persistence off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TESSERA_FEATURE_FLAGS: '!SQLLAB_BACKEND_PERSISTENCE' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no queries, as Superset does', async () => {
    const dbId = await addDatabase(t, 'sales');
    const tab = await t.call('admin', {
      method: 'POST',
      url: '/tabstateview/',
      ...(await multipartBody({ queryEditor: { name: 'A', dbId } })),
    });
    await insertQuery(t, {
      clientId: 'offRun00001',
      databaseId: dbId,
      userId: await userId(t, 'admin'),
      tabId: tab.json().id,
    });
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/sqllab/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.queries).toEqual({});
    expect(res.json().result.tab_state_ids).toHaveLength(1);
  });
});
