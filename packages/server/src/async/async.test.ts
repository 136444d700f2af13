import {
  ASYNC_TOKEN_COOKIE,
  ASYNC_TOKEN_INVALID_MESSAGE,
  type AsyncEvent,
} from '@tessera/shared/api/async';
import { datasourceView } from '@tessera/shared/permissions';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { type Browser, finalEvent, signIn } from './testing.ts';

/**
 * GLOBAL_ASYNC_QUERIES through the API on one process (in-process queue and events): 202, the
 * job's events on the caller's channel, the result to its owner only, `last_id` replay.
 */

const FLAG_ON = { TESSERA_FEATURE_FLAGS: 'GLOBAL_ASYNC_QUERIES' };
const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  column: { column_name: 'amount' },
  aggregate: 'SUM',
  label: 'total',
};

describe('global async queries', () => {
  let t: TestApp;
  let sales: number;
  let admin: Browser;
  let gamma: Browser;
  const byRegion = (extra: Record<string, unknown> = {}) => ({
    datasource: { id: sales, type: 'table' },
    queries: [
      { columns: ['region'], metrics: [SUM_AMOUNT], orderby: [['region', true]], ...extra },
    ],
  });
  const post = (browser: Browser, payload: unknown, url = '/api/v1/chart/data') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: browser.headers });
  const get = (browser: Browser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: browser?.headers ?? {} });

  beforeAll(async () => {
    t = await createTestApp({ env: FLAG_ON });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
    admin = await signIn(t.app, 'admin');
    gamma = await signIn(t.app, 'gamma');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the async-token cookie with Superset claims on a signed-in request', () => {
    const claims = decodeJwt(admin.token);
    expect(typeof claims.channel).toBe('string');
    expect(claims.sub).toBe('1');
    expect(decodeJwt(gamma.token).channel).not.toBe(claims.channel);
  });

  it('answers a miss 202, then a done event, then the result at result_url', async () => {
    const res = await post(admin, byRegion({ row_limit: 7 }));
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(job).toEqual({
      channel_id: decodeJwt(admin.token).channel,
      job_id: expect.any(String),
      user_id: 1,
      status: 'pending',
      errors: [],
      result_url: null,
    });
    const done = await finalEvent(t.app, admin, job.job_id);
    expect(done).toMatchObject({ status: 'done', errors: [], channel_id: job.channel_id });
    expect(done.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{48}$/);
    const result = await get(admin, done.result_url as string);
    expect(result.statusCode).toBe(200);
    expect(result.json().result[0]).toMatchObject({
      status: 'success',
      colnames: ['region', 'total'],
      data: [
        { region: 'EU', total: 15.75 },
        { region: 'US', total: 20 },
      ],
    });
    // The job filled the chart-data cache: the same call now answers 200 with the data.
    const again = await post(admin, byRegion({ row_limit: 7 }));
    expect(again.statusCode).toBe(200);
    expect(again.json().result[0]).toMatchObject({ is_cached: true });
  });

  it("refuses another user's result_url, and a made-up key, with the same 404", async () => {
    const res = await post(admin, byRegion({ row_limit: 8 }));
    const done = await finalEvent(t.app, admin, res.json().job_id);
    const stolen = await get(gamma, done.result_url as string);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Cached data not found' });
    const made = await get(admin, `/api/v1/chart/data/${'ab'.repeat(24)}`);
    expect(made.statusCode).toBe(404);
    expect((await get(null, done.result_url as string)).statusCode).toBe(401);
  });

  it("never shows one user's events to another", async () => {
    const res = await post(admin, byRegion({ row_limit: 9 }));
    const jobId = res.json().job_id;
    await finalEvent(t.app, admin, jobId);
    const mine = await get(gamma, '/api/v1/async_event/');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result.map((e: AsyncEvent) => e.job_id)).not.toContain(jobId);
    // Admin's cookie sent by gamma's session: its `sub` is not gamma, so it opens nothing.
    const borrowed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/async_event/',
      headers: {
        ...gamma.headers,
        cookie: gamma.headers.cookie?.replace(gamma.token, admin.token) ?? '',
      },
    });
    expect(borrowed.statusCode).toBe(401);
    expect(borrowed.json()).toEqual({ message: ASYNC_TOKEN_INVALID_MESSAGE });
    // A token naming admin's channel for gamma, signed with another key: refused too.
    const forged = await new SignJWT({ channel: res.json().channel_id, sub: '4' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-key-of-this-server'));
    const withForged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/async_event/',
      headers: {
        ...gamma.headers,
        cookie: gamma.headers.cookie?.replace(gamma.token, forged) ?? '',
      },
    });
    expect(withForged.statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/async_event/',
      headers: { cookie: gamma.headers.cookie?.split(`; ${ASYNC_TOKEN_COOKIE}=`)[0] ?? '' },
    });
    expect(none.statusCode).toBe(401);
    // ... and answers with a fresh cookie, so the browser's next poll works.
    expect(none.cookies.find((c) => c.name === ASYNC_TOKEN_COOKIE)).toMatchObject({
      httpOnly: true,
      path: '/',
    });
  });

  it('replays the events after last_id, and refuses a malformed one', async () => {
    const res = await post(admin, byRegion({ row_limit: 10 }));
    const jobId = res.json().job_id;
    await finalEvent(t.app, admin, jobId);
    const all: AsyncEvent[] = (await get(admin, '/api/v1/async_event/')).json().result;
    const ofJob = all.filter((e) => e.job_id === jobId);
    expect(ofJob.map((e) => e.status)).toEqual(['pending', 'running', 'done']);
    const first = ofJob[0] as AsyncEvent;
    const after: AsyncEvent[] = (
      await get(admin, `/api/v1/async_event/?last_id=${first.id}`)
    ).json().result;
    expect(after.map((e) => e.id)).toEqual(all.slice(all.indexOf(first) + 1).map((e) => e.id));
    const bad = await get(admin, '/api/v1/async_event/?last_id=0%27%20or%201');
    expect(bad.statusCode).toBe(400);
  });

  it("ends a failing job with an error event carrying the engine's message", async () => {
    const res = await post(admin, {
      datasource: { id: sales, type: 'table' },
      queries: [{ columns: ['no_such_column'], metrics: ['count'] }],
    });
    expect(res.statusCode).toBe(202);
    const event = await finalEvent(t.app, admin, res.json().job_id);
    expect(event.status).toBe('error');
    expect(event.result_url).toBeNull();
    expect(event.errors[0]?.message).toMatch(/no_such_column/);
  });

  it('refuses a forbidden chart at once (403), without a job', async () => {
    const shop2 = await addShopDatabase(t, 'shop2');
    const hidden = await createDataset(t, {
      database: shop2.id,
      schema: 'main',
      table_name: 'sales',
    });
    const res = await post(gamma, {
      datasource: { id: hidden, type: 'table' },
      queries: [{ columns: ['region'] }],
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers exports and samples at once (only full JSON results become jobs)', async () => {
    const csv = await post(admin, { ...byRegion({ row_limit: 11 }), result_format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const query = await post(admin, { ...byRegion(), result_type: 'query' });
    expect(query.statusCode).toBe(200);
  });

  it('gives each uncached batch entry its own job and answers cached entries with data', async () => {
    const cached = byRegion({ row_limit: 7 });
    const res = await post(
      admin,
      { queries: [cached, byRegion({ row_limit: 12 })] },
      '/api/v1/chart/data/batch',
    );
    expect(res.statusCode).toBe(200);
    const [hit, miss] = res.json().result;
    expect(hit).toMatchObject({ status: 200, result: [{ is_cached: true }] });
    expect(miss).toMatchObject({ status: 202, job: { status: 'pending', user_id: 1 } });
    const done = await finalEvent(t.app, admin, miss.job.job_id);
    const result = await get(admin, done.result_url as string);
    expect(result.json().result[0].data).toHaveLength(2);
  });

  it('answers the legacy explore_json 202 and serves its payload at its result_url', async () => {
    const formData = {
      datasource: `${sales}__table`,
      viz_type: 'table',
      groupby: ['region'],
      metrics: [SUM_AMOUNT],
      row_limit: 13,
    };
    const res = await post(admin, { form_data: formData }, '/superset/explore_json/');
    expect(res.statusCode).toBe(202);
    const done = await finalEvent(t.app, admin, res.json().job_id);
    expect(done.result_url).toMatch(/^\/superset\/explore_json\/data\/[0-9a-f]{48}$/);
    const payload = await get(admin, done.result_url as string);
    expect(payload.statusCode).toBe(200);
    expect(payload.json()).toMatchObject({ status: 'success', rowcount: 2 });
    expect((await get(gamma, done.result_url as string)).statusCode).toBe(404);
  });
});

describe('global async queries, flag off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets no async-token cookie and serves no events', async () => {
    const csrf = await t.call('admin', { method: 'GET', url: '/api/v1/security/csrf_token/' });
    expect(csrf.cookies.find((c) => c.name === ASYNC_TOKEN_COOKIE)).toBeUndefined();
    const events = await t.call('admin', { method: 'GET', url: '/api/v1/async_event/' });
    expect(events.statusCode).toBe(404);
  });
});
