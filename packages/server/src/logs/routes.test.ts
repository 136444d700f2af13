import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard, insertChart } from '../dashboards/testFixtures.ts';
import { guestActor } from '../security/actor.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { listLogs, logFailedQuery, pruneLogs, recentActivity, recordEvents } from './service.ts';

/** The event log: batches in, the admins' list, recent activity, failures and pruning. */

const event = (fields: Record<string, unknown> = {}) => ({
  impression_id: 'imp-1',
  version: 'v2',
  source: 'dashboard',
  source_id: 1,
  ts: Date.now(),
  event_name: 'change_dashboard_tab',
  event_type: 'user',
  event_id: 'evt-1',
  visibility: 'visible',
  ...fields,
});

describe.each(storeKinds())('event log API (%s)', (store) => {
  let t: TestApp;
  let dashboardId: number;
  let sliceId: number;
  const count = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ store });
    dashboardId = await createDashboard(t, { dashboard_title: 'Sales overview', slug: 'sales' });
    sliceId = await insertChart(t, 'Revenue by month', null);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a JSON batch with the user and time, each event as sent', async () => {
    const before = await count();
    const res = await t.call('gamma', {
      method: 'POST',
      url: '/api/v1/log/',
      payload: { events: [event(), event({ event_name: 'render_chart', event_type: 'timing' })] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK', count: 2 });
    expect(await count()).toBe(before + 2);
    const rows = await t.store.db
      .selectFrom('logs')
      .innerJoin('ab_user', 'ab_user.id', 'logs.user_id')
      .select(['logs.action', 'logs.json', 'logs.dashboard_id', 'logs.dttm', 'ab_user.username'])
      .orderBy('logs.id', 'desc')
      .limit(2)
      .execute();
    for (const row of rows) {
      expect(row).toMatchObject({ action: 'log', dashboard_id: 1, username: 'gamma' });
      expect(Date.now() - new Date(row.dttm).getTime()).toBeLessThan(60_000);
    }
    expect(JSON.parse(rows[1]?.json ?? '{}')).toMatchObject(event({ ts: expect.any(Number) }));
  });

  it('takes the form field `events`: multipart as Superset posts it, urlencoded with a CSRF field', async () => {
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/superset/log/?explode=events&dashboard_id=${dashboardId}`,
      headers: {
        ...(await t.bearer('alpha')),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="events"\r\n\r\n${JSON.stringify([event({ source: null, source_id: null })])}\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const row = await t.store.db
      .selectFrom('logs')
      .select(['dashboard_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.dashboard_id).toBe(dashboardId);

    // A beacon cannot send headers: the browser's session proves itself with a form field.
    const session = await t.session('alpha');
    const form = (token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/superset/log/',
        headers: {
          cookie: session.cookie as string,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          events: JSON.stringify([event()]),
          ...(token ? { csrf_token: token } : {}),
        }).toString(),
      });
    expect((await form(session['x-csrftoken'])).statusCode).toBe(200);
    const forged = await form();
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'The CSRF token is missing.' });
  });

  it('refuses a malformed, huge or partly bad batch with 400 and stores nothing', async () => {
    const before = await count();
    const bad = [
      { events: 'not json' },
      { events: [] },
      { events: [event(), { event_type: 'user' }] },
      { events: [event({ event_type: 'sometimes' })] },
      { events: Array.from({ length: 1025 }, () => event()) },
      { events: [event({ padding: 'x'.repeat(20_000) })] },
      { events: Array.from({ length: 100 }, () => event({ padding: 'x'.repeat(15_000) })) },
      { events: '['.repeat(200) },
      { events: `[${JSON.stringify(event()).repeat(2)}${' '.repeat(1_100_000)}]` },
      { nothing: true },
    ];
    for (const payload of bad) {
      const res = await t.call('gamma', { method: 'POST', url: '/api/v1/log/', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const form = await t.call('gamma', {
      method: 'POST',
      url: '/superset/log/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `events=${encodeURIComponent('[{"event_name": 5}]')}`,
    });
    expect(form.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const anonymous = await t.call('anonymous', {
      method: 'POST',
      url: '/api/v1/log/',
      payload: { events: [event()] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('refuses a guest of an embedded dashboard: the log records people', async () => {
    const guest = guestActor(
      { user: { username: 'g', first_name: 'G', last_name: 'Uest' }, resources: [], rls: [] },
      {},
      { baseUrl: 'http://localhost', log: t.app.log },
    );
    const ctx = { store: t.store, config: t.config } as never;
    await expect(recordEvents(ctx, guest, { events: [event()] })).rejects.toMatchObject({
      status: 403,
    });
    await expect(recentActivity(ctx, guest, {})).rejects.toMatchObject({ status: 403 });
    await expect(listLogs(ctx, guest, {})).rejects.toMatchObject({ status: 403 });
  });

  it('lists the log to admins only, with rison filters and paging', async () => {
    for (const caller of ['gamma', 'alpha'] as const) {
      const res = await t.call(caller, { method: 'GET', url: '/api/v1/log/' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden' });
    }
    expect((await t.call('anonymous', { method: 'GET', url: '/api/v1/log/' })).statusCode).toBe(
      401,
    );
    const all = await t.call('admin', { method: 'GET', url: '/api/v1/log/?q=(page_size:2)' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.result).toHaveLength(2);
    expect(body.count).toBeGreaterThanOrEqual(4);
    expect(body).toMatchObject({ list_title: 'List Log', order_columns: expect.any(Array) });
    const users = await t.store.db.selectFrom('ab_user').select(['id', 'username']).execute();
    const gammaId = users.find((u) => u.username === 'gamma')?.id;
    const filtered = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/log/?q=(filters:!((col:user,opr:rel_o_m,value:${gammaId}),(col:action,opr:eq,value:log)),order_column:id,order_direction:asc)`,
    });
    expect(filtered.json().count).toBe(2);
    expect(filtered.json().result[0]).toMatchObject({ user: { username: 'gamma' }, action: 'log' });
    const one = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/log/${filtered.json().ids[0]}`,
    });
    expect(one.json().result.user_id).toBe(gammaId);
    expect((await t.call('admin', { method: 'GET', url: '/api/v1/log/99999999' })).statusCode).toBe(
      404,
    );
    const wrong = await t.call('admin', {
      method: 'GET',
      url: '/api/v1/log/?q=(filters:!((col:json,opr:ct,value:x)))',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it("shows a user's own recently viewed dashboards and charts, never another's", async () => {
    await t.call('alpha', {
      method: 'POST',
      url: '/api/v1/log/',
      payload: {
        events: [
          event({ event_name: 'mount_dashboard', source_id: String(dashboardId) }),
          event({
            event_name: 'mount_explorer',
            source: 'slice',
            source_id: sliceId,
            slice_id: sliceId,
          }),
          event({ event_name: 'mount_dashboard', source_id: String(dashboardId) }),
          // Opened by its slug: the same dashboard.
          event({ event_name: 'mount_dashboard', source_id: 'sales' }),
        ],
      },
    });
    const mine = await t.call('alpha', { method: 'GET', url: '/api/v1/log/recent_activity/' });
    expect(mine.statusCode).toBe(200);
    const items = mine.json().result;
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        {
          action: 'dashboard',
          item_type: 'dashboard',
          item_url: '/superset/dashboard/sales/',
          item_title: 'Sales overview',
          time: expect.any(Number),
          time_delta_humanized: 'a few seconds ago',
        },
        expect.objectContaining({
          action: 'explore',
          item_type: 'slice',
          item_url: `/explore/?slice_id=${sliceId}`,
          item_title: 'Revenue by month',
        }),
      ]),
    );
    const theirs = await t.call('gamma', { method: 'GET', url: '/api/v1/log/recent_activity/' });
    expect(theirs.json().result).toEqual([]);
    const paged = await t.call('alpha', {
      method: 'GET',
      url: '/api/v1/log/recent_activity/?q=(page:0,page_size:1)',
    });
    expect(paged.json().result).toHaveLength(1);
    const every = await t.call('alpha', {
      method: 'GET',
      url: '/api/v1/log/recent_activity/?q=(distinct:!f)',
    });
    expect(every.json().result).toHaveLength(4);
  });

  it('records a failed query with its error type, issue codes and details', async () => {
    const { TesseraError } = await import('@tessera/shared/errors');
    logFailedQuery(
      { store: t.store, logger: t.app.log } as never,
      { action: 'sql_lab_query_failed', userId: null, details: { db_id: 1 } },
      new TesseraError(400, 'syntax error at "SELEC"', { errorType: 'GENERIC_DB_ENGINE_ERROR' }),
    );
    const stored = async () => {
      const row = await t.store.db
        .selectFrom('logs')
        .select(['json'])
        .where('action', '=', 'sql_lab_query_failed')
        .orderBy('id')
        .executeTakeFirst();
      return JSON.parse(row?.json ?? '{}') as unknown;
    };
    await expect.poll(stored).toMatchObject({
      error_type: 'GENERIC_DB_ENGINE_ERROR',
      issue_codes: expect.arrayContaining([expect.any(Number)]),
      message: 'syntax error at "SELEC"',
      db_id: 1,
    });
    logFailedQuery(
      { store: t.store, logger: t.app.log } as never,
      { action: 'sql_lab_query_failed', userId: null, details: { sql: 'x'.repeat(20_000) } },
      new Error('a driver message that must not show'),
    );
    const big = async () => {
      const row = await t.store.db
        .selectFrom('logs')
        .select(['json'])
        .where('action', '=', 'sql_lab_query_failed')
        .where('json', 'like', '%details_left_out%')
        .executeTakeFirst();
      return row ? (JSON.parse(row.json ?? '{}') as unknown) : null;
    };
    await expect.poll(big).toMatchObject({ status: 500, message: 'Internal server error' });
  });
  it('logs a SQL Lab run that fails, from the place the run fails', async () => {
    const file = path.join(t.home, 'shop.db');
    new Database(file).close();
    const database = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: {
        database_name: 'shop',
        sqlalchemy_uri: `sqlite:///${file}`,
        expose_in_sqllab: true,
      },
    });
    expect(database.statusCode, database.body).toBe(201);
    const run = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      payload: {
        database_id: database.json().id,
        sql: 'SELECT * FROM no_such_table',
        client_id: 'logfail0001',
        runAsync: false,
      },
    });
    expect(run.statusCode).toBeGreaterThanOrEqual(400);
    const stored = async () => {
      const row = await t.store.db
        .selectFrom('logs')
        .select(['json', 'user_id'])
        .where('action', '=', 'sql_lab_query_failed')
        .where('json', 'like', '%logfail0001%')
        .executeTakeFirst();
      return row ? { ...row, json: JSON.parse(row.json ?? '{}') as unknown } : null;
    };
    await expect.poll(stored).toMatchObject({
      user_id: expect.any(Number),
      json: {
        error_type: expect.any(String),
        issue_codes: expect.any(Array),
        db_id: database.json().id,
        client_id: 'logfail0001',
      },
    });
  });

  it("logs a chart query that fails, alone or in a dashboard's batch, with its chart", async () => {
    const failing = (id: number) => ({
      datasource: { id: 999999, type: 'table' },
      form_data: { slice_id: id, dashboardId, viz_type: 'table' },
      queries: [{ columns: [], metrics: [] }],
    });
    const alone = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: failing(sliceId),
    });
    expect(alone.statusCode).toBeGreaterThanOrEqual(400);
    const batch = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data/batch',
      payload: { queries: [failing(sliceId + 1000)] },
    });
    expect(batch.statusCode).toBe(200);
    const legacy = await t.call('admin', {
      method: 'POST',
      url: '/superset/explore_json/',
      payload: {
        form_data: JSON.stringify({
          ...failing(sliceId + 2000).form_data,
          datasource: '999999__table',
        }),
      },
    });
    expect(legacy.statusCode).toBeGreaterThanOrEqual(400);
    const failed = () =>
      t.store.db
        .selectFrom('logs')
        .select(['slice_id', 'dashboard_id'])
        .where('action', '=', 'chart_data_failed')
        .orderBy('id')
        .execute();
    await expect.poll(failed).toEqual([
      { slice_id: sliceId, dashboard_id: dashboardId },
      { slice_id: sliceId + 1000, dashboard_id: dashboardId },
      { slice_id: sliceId + 2000, dashboard_id: dashboardId },
    ]);
    await t.call('anonymous', { method: 'POST', url: '/api/v1/chart/data', payload: failing(1) });
    expect(await failed()).toHaveLength(3);
  });
  it('prunes rows older than TESSERA_LOG_RETENTION_DAYS', async () => {
    const old = new Date(Date.now() - 100 * 24 * 3600 * 1000).toISOString();
    await t.store.db
      .insertInto('logs')
      .values({ action: 'log', user_id: null, json: '{}', dttm: old })
      .execute();
    const before = await count();
    expect(t.config.logRetentionDays).toBe(90);
    expect(await pruneLogs({ store: t.store, config: t.config } as never)).toBe(1);
    expect(await count()).toBe(before - 1);
    const forever = { store: t.store, config: { ...t.config, logRetentionDays: 0 } };
    expect(await pruneLogs(forever as never, new Date(Date.now() + 1e12))).toBe(0);
  });
});
