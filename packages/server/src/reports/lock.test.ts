import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds, TEST_REDIS_URL } from '../testing/stores.ts';
import { MemoryLock, RedisLock, type RunLock } from './lock.ts';
import {
  createReport,
  fakeClock,
  makeShop,
  type Receiver,
  reportBody,
  runtimeFor,
  startReceiver,
} from './testFixtures.ts';

/**
 * Two report runtimes (two server processes: each its own context, connections and lock
 * client) on one metadata store tick at the same moments: each scheduled time is sent once.
 */

if (!TEST_REDIS_URL) console.warn('Redis lock tests skipped: TESSERA_TEST_REDIS_URL is not set');

describe('the in-process lock', () => {
  it('is taken once until it lapses', async () => {
    let now = 0;
    const lock = new MemoryLock(() => now);
    expect(await lock.acquire('a', 1000)).toBe(true);
    expect(await lock.acquire('a', 1000)).toBe(false);
    expect(await lock.acquire('b', 1000)).toBe(true);
    now = 1000;
    expect(await lock.acquire('a', 1000)).toBe(true);
  });
});

describe.skipIf(!TEST_REDIS_URL).each(storeKinds())(
  'two processes sharing Redis on the %s metadata store',
  (store) => {
    let t: TestApp;
    let receiver: Receiver;
    let table: number;

    beforeAll(async () => {
      t = await createTestApp({ store, env: { TESSERA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
      table = (await makeShop(t)).table;
      receiver = await startReceiver();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    it('never send one report twice', async () => {
      const id = await createReport(
        t,
        'admin',
        reportBody({
          name: 'Every minute',
          chart: table,
          report_format: 'CSV',
          crontab: '* * * * *',
          recipients: [{ type: 'Webhook', recipient_config_json: { target: receiver.url } }],
        }),
      );
      // A prefix of this test's own: other tests share the Redis.
      const prefix = `tessera-test:reports-server:${randomUUID()}:`;
      const clock = fakeClock('2026-11-27T14:00:00.500Z');
      const locks: RunLock[] = [
        new RedisLock(TEST_REDIS_URL, prefix),
        new RedisLock(TEST_REDIS_URL, prefix),
      ];
      const [a, b] = locks.map((lock) =>
        runtimeFor(t, { now: clock.now, lock, webhookAllowedHosts: ['127.0.0.1'] }),
      );
      if (!a || !b) throw new Error('two runtimes expected');
      try {
        const ran: string[] = [];
        for (let minute = 0; minute < 3; minute += 1) {
          clock.advance(60_000);
          const [ra, rb] = await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
          for (const run of [...ra, ...rb]) ran.push(`${run.scheduled.toISOString()} ${run.state}`);
        }
        expect(ran.sort()).toEqual([
          '2026-11-27T14:01:00.000Z Success',
          '2026-11-27T14:02:00.000Z Success',
          '2026-11-27T14:03:00.000Z Success',
        ]);
        const sent = receiver.bodies.filter((body) => (body.report as { id: number }).id === id);
        expect(sent.map((body) => body.scheduled_dttm)).toEqual([
          '2026-11-27T14:01:00.000Z',
          '2026-11-27T14:02:00.000Z',
          '2026-11-27T14:03:00.000Z',
        ]);
        const logs = await t.store.db
          .selectFrom('report_execution_log')
          .select(['state'])
          .where('report_schedule_id', '=', id)
          .execute();
        expect(logs.map((l) => l.state)).toEqual(['Success', 'Success', 'Success']);
      } finally {
        await a.close();
        await b.close();
      }
    });
  },
);
