import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASYNC_WORKER_LOST_MESSAGE, type AsyncEvent } from '@tessera/shared/api/async';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { TEST_REDIS_URL } from '../testing/stores.ts';
import { type Browser, finalEvent, signIn } from './testing.ts';

/**
 * Global async queries on Redis: jobs on BullMQ, events on Redis streams. Two app contexts stand
 * for two server processes (one takes no jobs); a real `tessera worker` is killed mid-job.
 */

/** The few members of `ws`'s client these tests use (the package ships no types). */
interface Socket {
  on(event: string, listener: (...args: never[]) => void): void;
  once(event: string, listener: (...args: never[]) => void): void;
  close(): void;
  terminate(): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options: object) => Socket;
};

const SHIM = fileURLToPath(new URL('../../bin/tessera.mjs', import.meta.url));

const envFor = (prefix: string) => ({
  TESSERA_FEATURE_FLAGS: 'GLOBAL_ASYNC_QUERIES',
  // A prefix of this run's own: other suites share this Redis.
  TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX: prefix,
});
const newPrefix = () => `tessera-test-async-${randomBytes(4).toString('hex')}-`;

const byRegion = (id: number, rowLimit: number) => ({
  datasource: { id, type: 'table' },
  queries: [
    {
      columns: ['region'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      row_limit: rowLimit,
    },
  ],
});

if (!TEST_REDIS_URL)
  console.warn('async queries on Redis skipped: TESSERA_TEST_REDIS_URL is not set');

describe.skipIf(!TEST_REDIS_URL)('global async queries across processes sharing Redis', () => {
  let web: TestApp;
  let worker: FastifyInstance;
  let sales: number;
  let browser: Browser;

  beforeAll(async () => {
    // The web process takes no jobs; the second context (another process) takes them all.
    web = await createTestApp({
      env: envFor(newPrefix()),
      config: { redisUrl: TEST_REDIS_URL, workerConcurrency: 0 },
    });
    worker = await buildApp({
      config: { ...web.config, workerConcurrency: 2 },
      store: web.store,
      logger: false,
    });
    await worker.ready();
    const shop = await addShopDatabase(web);
    sales = await createDataset(web, { database: shop.id, schema: 'main', table_name: 'sales' });
    browser = await signIn(web.app, 'admin');
    await web.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });

  it('runs a job queued by one process in another, and the first reads its event and result', async () => {
    const res = await web.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: byRegion(sales, 21),
      headers: browser.headers,
    });
    expect(res.statusCode).toBe(202);
    const done = await finalEvent(web.app, browser, res.json().job_id);
    expect(done).toMatchObject({ status: 'done', errors: [] });
    const result = await web.app.inject({
      method: 'GET',
      url: done.result_url as string,
      headers: browser.headers,
    });
    expect(result.statusCode).toBe(200);
    expect(result.json().result[0].colnames).toEqual(['region', 'count']);
  });

  it('pushes the other process’s events on the websocket after replaying from last_id', async () => {
    const first = await web.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: byRegion(sales, 22),
      headers: browser.headers,
    });
    const firstDone = await finalEvent(web.app, browser, first.json().job_id);
    const address = web.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws/?last_id=${firstDone.id}`, {
      headers: { cookie: browser.headers.cookie as string },
    });
    const received: AsyncEvent[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(String(data)) as AsyncEvent));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const second = await web.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: byRegion(sales, 23),
      headers: browser.headers,
    });
    const jobId = second.json().job_id;
    const until = Date.now() + 20_000;
    while (!received.some((e) => e.job_id === jobId && e.status === 'done')) {
      if (Date.now() > until) throw new Error('no done event pushed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.close();
    // Nothing up to last_id was replayed; the new job's events came in order.
    expect(received.some((e) => e.job_id === first.json().job_id)).toBe(false);
    expect(received.filter((e) => e.job_id === jobId).map((e) => e.status)).toEqual([
      'pending',
      'running',
      'done',
    ]);
  });

  it('refuses the websocket upgrade without a valid async-token cookie', async () => {
    const address = web.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws/`, {
      headers: { cookie: (browser.headers.cookie as string).split('; async-token=')[0] as string },
    });
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_request: unknown, response: { statusCode?: number }) =>
        resolve(response.statusCode ?? 0),
      );
      socket.once('open', () => resolve(101));
    });
    socket.on('error', () => undefined);
    socket.terminate();
    expect(status).toBe(401);
  });
});

describe.skipIf(!TEST_REDIS_URL)('a tessera worker killed mid-job', () => {
  let web: TestApp;
  let child: ChildProcess | null = null;
  const prefix = newPrefix();

  beforeAll(async () => {
    web = await createTestApp({
      env: { ...envFor(prefix), TESSERA_GLOBAL_ASYNC_QUERIES_JOB_TIMEOUT: '120' },
      config: { redisUrl: TEST_REDIS_URL, workerConcurrency: 0 },
    });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await web?.close();
  });

  it('ends the job as an error event within the working timeout', async () => {
    // A SQLite file both processes may open, and a dataset whose sum takes many seconds.
    const file = path.join(web.home, 'slow.sqlite');
    new Database(file).exec('create table one (x integer)').close();
    const db = await web.call('admin', {
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'slow', sqlalchemy_uri: `sqlite:///${file}` },
    });
    expect(db.statusCode).toBe(201);
    const slow = await createDataset(web, {
      database: db.json().id,
      table_name: 'counting',
      sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT x FROM c',
    });
    const browser = await signIn(web.app, 'admin');

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) {
      if (key.startsWith('TESSERA_') && !key.startsWith('TESSERA_TEST_')) delete env[key];
    }
    child = spawn(process.execPath, [SHIM, 'worker'], {
      env: {
        ...env,
        ...envFor(prefix),
        TESSERA_HOME: web.home,
        TESSERA_REDIS_URL: TEST_REDIS_URL,
        TESSERA_SECRET_KEY: 'test-secret',
        TESSERA_LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });

    // A loaded machine may take a while to start a worker process: the job goes once it is up.
    const ready = Date.now() + 240_000;
    while (!output.includes('worker ready')) {
      if (Date.now() > ready || child.exitCode !== null) {
        throw new Error(`the worker did not start: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const res = await web.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: slow, type: 'table' },
        queries: [
          {
            metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(x)', label: 'total' }],
          },
        ],
      },
      headers: browser.headers,
    });
    expect(res.statusCode).toBe(202);
    const jobId = res.json().job_id;
    // Wait until the worker has the job, then kill it without a chance to say anything.
    const until = Date.now() + 60_000;
    for (;;) {
      const events: AsyncEvent[] = (
        await web.app.inject({
          method: 'GET',
          url: '/api/v1/async_event/',
          headers: browser.headers,
        })
      ).json().result;
      if (events.some((e) => e.job_id === jobId && e.status === 'running')) break;
      if (Date.now() > until) throw new Error(`the worker never started the job: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const killedAt = Date.now();
    child.kill('SIGKILL');
    const event = await finalEvent(web.app, browser, jobId, 60_000);
    expect(event.status).toBe('error');
    expect(event.errors).toEqual([{ message: ASYNC_WORKER_LOST_MESSAGE }]);
    // Ended by the lease (10 s without a heartbeat), well within the job's working timeout.
    expect(Date.now() - killedAt).toBeLessThan(120_000);
  }, 480_000);
});
