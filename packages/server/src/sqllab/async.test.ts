import path from 'node:path';
import { INTERRUPTED_QUERY_MESSAGE } from '@tessera/shared/api/sqllab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, closeContext, createContext } from '../context.ts';
import { InProcessJobQueue } from '../platform/queue/inProcess.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds, TEST_REDIS_URL } from '../testing/stores.ts';
import { queryRepository } from './repository.ts';
import { SqlLabRuntime, startWorker } from './runtime.ts';
import {
  clientId,
  createDatabase,
  duckdbUri,
  execute,
  makeNumbersDuckdb,
  pollUntil,
  rison,
  wait,
} from './testFixtures.ts';

/** Asynchronous runs through the job queue, stopping runs, and the sweep of orphaned queries. */

const FOREVER = 'SELECT count(*) FROM range(100000000) a, range(100000) b';

/** A second process's context on the same store; an in-memory queue unless Redis is wanted. */
function contextOf(t: TestApp, config: Partial<TestApp['config']> = {}): AppContext {
  const merged = { ...t.config, ...config };
  return createContext({
    config: merged,
    store: t.store,
    logger: t.app.log,
    overrides: merged.redisUrl ? {} : { queue: new InProcessJobQueue() },
  });
}

async function insertQuery(
  t: TestApp,
  databaseId: number,
  status: string,
  heartbeatMs: number | null,
): Promise<number> {
  return queryRepository.insert(t.store.db, {
    client_id: clientId('o'),
    database_id: databaseId,
    user_id: 1,
    status,
    sql: 'SELECT 1',
    start_time: Date.now(),
    heartbeat_ms: heartbeatMs,
    tab_name: null,
    sql_editor_id: null,
    catalog: null,
    schema: null,
    select_sql: null,
    executed_sql: 'SELECT 1',
    limit: 10,
    tmp_table_name: null,
    tmp_schema_name: null,
    rows: null,
    error_message: null,
    results_key: null,
    start_running_time: null,
    end_time: null,
    end_result_backend_time: null,
    tracking_url: null,
  });
}

describe.each(storeKinds())('asynchronous SQL Lab runs on the %s metadata store', (storeKind) => {
  let t: TestApp;
  let asyncDb: number;
  let syncDb: number;

  beforeAll(async () => {
    // One job at a time: a second job finishing proves the first one's slot was freed.
    t = await createTestApp({ store: storeKind, config: { workerConcurrency: 1 } });
    await makeNumbersDuckdb(path.join(t.home, 'n.duckdb'));
    asyncDb = await createDatabase(t, {
      database_name: 'async',
      sqlalchemy_uri: duckdbUri(t.home, 'n.duckdb'),
      allow_run_async: true,
    });
    syncDb = await createDatabase(t, {
      database_name: 'sync',
      sqlalchemy_uri: duckdbUri(t.home, 'n.duckdb'),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 202 with a pending query and reaches success through updated_since', async () => {
    const id = clientId();
    const res = await execute(t, 'admin', {
      client_id: id,
      database_id: asyncDb,
      sql: 'SELECT n FROM numbers ORDER BY n',
      queryLimit: 20,
      runAsync: true,
    });
    expect(res.statusCode).toBe(202);
    expect(Object.keys(res.json())).toEqual(['query']);
    expect(res.json().query).toMatchObject({
      id,
      state: 'pending',
      progress: 0,
      resultsKey: null,
      dbId: asyncDb,
    });
    const done = await pollUntil(t, 'admin', id, ['success', 'failed']);
    expect(done).toMatchObject({
      state: 'success',
      rows: 20,
      progress: 100,
      limitingFactor: 'DROPDOWN',
    });
    const results = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/sqllab/results/?q=${rison(`(key:'${done.resultsKey}')`)}`,
    });
    expect(results.statusCode).toBe(200);
    expect(results.json().data.slice(0, 2)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('records a failing asynchronous run as failed with its message', async () => {
    const id = clientId();
    await execute(t, 'admin', {
      client_id: id,
      database_id: asyncDb,
      sql: 'SELECT nope FROM numbers',
    });
    const done = await pollUntil(t, 'admin', id, ['success', 'failed']);
    expect(done.state).toBe('failed');
    expect(done.errorMessage).toContain('nope');
  });

  it('stops a long asynchronous run in the engine', async () => {
    const id = clientId();
    expect(
      (await execute(t, 'admin', { client_id: id, database_id: asyncDb, sql: FOREVER })).statusCode,
    ).toBe(202);
    await pollUntil(t, 'admin', id, ['running']);
    const stop = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/query/stop',
      payload: { client_id: id },
    });
    expect(stop.json()).toEqual({ result: 'OK' });
    expect((await pollUntil(t, 'admin', id, ['stopped', 'failed', 'success'])).state).toBe(
      'stopped',
    );
    // With one job slot, the next job can only run once DuckDB gave the first one up.
    const next = clientId();
    await execute(t, 'admin', { client_id: next, database_id: asyncDb, sql: 'SELECT 1 AS one' });
    expect((await pollUntil(t, 'admin', next, ['success', 'failed'], 10_000)).state).toBe(
      'success',
    );
    await wait(50);
    expect((await pollUntil(t, 'admin', id, ['stopped'])).state).toBe('stopped');
  });

  it('stops a long synchronous run: the request returns at once', async () => {
    const id = clientId();
    const started = Date.now();
    const pending = execute(t, 'admin', { client_id: id, database_id: syncDb, sql: FOREVER });
    await pollUntil(t, 'admin', id, ['running']);
    await t.call('admin', {
      method: 'POST',
      url: '/api/v1/query/stop',
      payload: { client_id: id },
    });
    const res = await pending;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The query was stopped.' });
    expect((await pollUntil(t, 'admin', id, ['stopped'])).state).toBe('stopped');
  });

  it('stops a query still waiting in the queue before it runs', async () => {
    const blocker = clientId();
    await execute(t, 'admin', { client_id: blocker, database_id: asyncDb, sql: FOREVER });
    await pollUntil(t, 'admin', blocker, ['running']);
    const waiting = clientId();
    await execute(t, 'admin', { client_id: waiting, database_id: asyncDb, sql: 'SELECT 1' });
    await t.call('admin', {
      method: 'POST',
      url: '/api/v1/query/stop',
      payload: { client_id: waiting },
    });
    await t.call('admin', {
      method: 'POST',
      url: '/api/v1/query/stop',
      payload: { client_id: blocker },
    });
    await pollUntil(t, 'admin', blocker, ['stopped']);
    await wait(300);
    const record = await pollUntil(t, 'admin', waiting, ['stopped', 'success', 'failed']);
    expect(record).toMatchObject({ state: 'stopped', resultsKey: null });
  });

  describe('no query stays running after its process died', () => {
    it('the sweep fails running and pending queries whose lease ran out, and only those', async () => {
      const stale = await insertQuery(t, asyncDb, 'running', Date.now() - 3_600_000);
      const stalePending = await insertQuery(t, asyncDb, 'pending', Date.now() - 3_600_000);
      const alive = await insertQuery(t, asyncDb, 'running', Date.now());
      const done = await insertQuery(t, asyncDb, 'success', Date.now() - 3_600_000);
      const ctx = contextOf(t);
      const runtime = new SqlLabRuntime(ctx, { leaseMs: 60_000 });
      await runtime.start(false);
      await runtime.close();
      await closeContext(ctx);
      const status = async (id: number) => (await queryRepository.get(t.store.db, id))?.status;
      expect(await status(stale)).toBe('failed');
      expect((await queryRepository.get(t.store.db, stale))?.error_message).toBe(
        INTERRUPTED_QUERY_MESSAGE,
      );
      expect(await status(stalePending)).toBe('failed');
      expect(await status(alive)).toBe('running');
      expect(await status(done)).toBe('success');
      await queryRepository.update(t.store.db, alive, { status: 'success' });
    });

    it('a process shutting down fails the queries it still held', async () => {
      const ctx = contextOf(t);
      const runtime = new SqlLabRuntime(ctx);
      await runtime.start(false);
      const held = await insertQuery(t, asyncDb, 'pending', Date.now());
      await runtime.enqueue(held, 'held');
      await runtime.close();
      const row = await queryRepository.get(t.store.db, held);
      expect(row).toMatchObject({ status: 'failed', error_message: INTERRUPTED_QUERY_MESSAGE });
      // The runtime left the context's queue open for its owner; closing twice is harmless.
      await runtime.close();
      await closeContext(ctx);
      await expect(closeContext(ctx)).resolves.toBeUndefined();
    });
  });
});

if (!TEST_REDIS_URL)
  console.warn('BullMQ SQL Lab worker tests skipped: TESSERA_TEST_REDIS_URL is not set');
describe.skipIf(!TEST_REDIS_URL)('asynchronous runs through BullMQ and a separate worker', () => {
  let t: TestApp;
  let asyncDb: number;

  beforeAll(async () => {
    // The web process takes no jobs: only the worker started below does.
    t = await createTestApp({ config: { redisUrl: TEST_REDIS_URL, workerConcurrency: 0 } });
    await makeNumbersDuckdb(path.join(t.home, 'n.duckdb'));
    asyncDb = await createDatabase(t, {
      database_name: 'async',
      sqlalchemy_uri: duckdbUri(t.home, 'n.duckdb'),
      allow_run_async: true,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the query pending until a worker takes it, then reaches success', async () => {
    const id = clientId();
    const res = await execute(t, 'admin', {
      client_id: id,
      database_id: asyncDb,
      sql: 'SELECT count(*) AS c FROM numbers',
    });
    expect(res.statusCode).toBe(202);
    await wait(500);
    expect((await pollUntil(t, 'admin', id, ['pending'])).state).toBe('pending');
    const ctx = contextOf(t);
    const worker = await startWorker(ctx, { heartbeatMs: 200 });
    try {
      const done = await pollUntil(t, 'admin', id, ['success', 'failed']);
      expect(done).toMatchObject({ state: 'success', rows: 1 });
      const results = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/sqllab/results/?q=${rison(`(key:'${done.resultsKey}')`)}`,
      });
      expect(results.json().data).toEqual([{ c: 1000 }]);

      // A stop asked of the web process reaches the worker through the query row.
      const long = clientId();
      await execute(t, 'admin', { client_id: long, database_id: asyncDb, sql: FOREVER });
      await pollUntil(t, 'admin', long, ['running']);
      await t.call('admin', {
        method: 'POST',
        url: '/api/v1/query/stop',
        payload: { client_id: long },
      });
      const after = clientId();
      await execute(t, 'admin', { client_id: after, database_id: asyncDb, sql: 'SELECT 2 AS two' });
      expect((await pollUntil(t, 'admin', after, ['success', 'failed'])).state).toBe('success');
      expect((await pollUntil(t, 'admin', long, ['stopped'])).state).toBe('stopped');
    } finally {
      await worker.close();
      await closeContext(ctx);
    }
  });

  it('refuses to start a worker without Redis', async () => {
    const ctx = contextOf(t, { redisUrl: null });
    await expect(startWorker(ctx)).rejects.toThrow('TESSERA_REDIS_URL');
    await closeContext(ctx);
  });
});
