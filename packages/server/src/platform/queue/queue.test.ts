import { afterEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../testing/stores.ts';
import { BullmqJobQueue } from './bullmq.ts';
import { InProcessJobQueue } from './inProcess.ts';
import type { Job, JobQueue } from './types.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await wait(20);
  }
}

function behaves(label: string, make: () => JobQueue) {
  describe(label, () => {
    let queue: JobQueue | null = null;
    afterEach(async () => {
      await queue?.close();
      queue = null;
    });

    it('runs every enqueued job once with its data', async () => {
      queue = make();
      const seen: Job[] = [];
      await queue.process(async (job) => {
        seen.push(job);
      }, 2);
      for (let i = 0; i < 5; i += 1)
        await queue.enqueue('run', { n: i }, { jobId: `job-${i}-${Date.now()}` });
      await until(() => seen.length === 5);
      expect(seen.map((job) => job.data.n).sort()).toEqual([0, 1, 2, 3, 4]);
      expect(seen.every((job) => job.name === 'run')).toBe(true);
    });

    it('never runs more jobs at once than its concurrency', async () => {
      queue = make();
      let active = 0;
      let peak = 0;
      let done = 0;
      await queue.process(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await wait(50);
        active -= 1;
        done += 1;
      }, 2);
      for (let i = 0; i < 6; i += 1)
        await queue.enqueue('run', {}, { jobId: `c-${i}-${Date.now()}` });
      await until(() => done === 6);
      expect(peak).toBe(2);
    });

    it('keeps going after a job fails', async () => {
      queue = make();
      const ok: string[] = [];
      await queue.process(async (job) => {
        if (job.data.fail) throw new Error('boom');
        ok.push(job.id);
      }, 1);
      await queue.enqueue('run', { fail: true }, { jobId: `f-1-${Date.now()}` });
      await queue.enqueue('run', {}, { jobId: `f-2-${Date.now()}` });
      await until(() => ok.length === 1);
    });
  });
}

behaves('in-process job queue', () => new InProcessJobQueue());

describe('in-process job queue before a handler exists', () => {
  it('holds jobs until processing starts', async () => {
    const queue = new InProcessJobQueue();
    const seen: string[] = [];
    await queue.enqueue('run', {}, { jobId: 'early' });
    expect(queue.pendingJobIds).toEqual(['early']);
    await queue.process(async (job) => {
      seen.push(job.id);
    }, 1);
    await until(() => seen.length === 1);
    await queue.close();
  });
});

if (!TEST_REDIS_URL)
  console.warn('BullMQ job queue tests skipped: TESSERA_TEST_REDIS_URL is not set');
describe.skipIf(!TEST_REDIS_URL)('BullMQ job queue', () => {
  behaves(
    'on a real Redis',
    () => new BullmqJobQueue(TEST_REDIS_URL, 'test', `tessera-test-${process.pid}-${Date.now()}`),
  );
});
