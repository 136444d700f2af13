import { Queue, Worker } from 'bullmq';
import type { JobHandler, JobQueue } from './types.ts';

/**
 * Jobs in Redis through BullMQ. Waiting jobs survive restarts; a worker that dies mid-job leaves
 * the job "stalled", and BullMQ hands it out once more: handlers check their own state first.
 */
export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  readonly durable = true;
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    private readonly url: string,
    private readonly name = 'sqllab',
    private readonly prefix = 'tessera',
  ) {
    this.queue = new Queue(name, { connection: { url }, prefix });
  }

  async enqueue(
    name: string,
    data: Record<string, unknown>,
    options: { jobId: string },
  ): Promise<void> {
    await this.queue.add(name, data, {
      jobId: options.jobId,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async process(handler: JobHandler, concurrency: number): Promise<void> {
    if (concurrency <= 0 || this.worker) return;
    this.worker = new Worker(
      this.name,
      async (job) =>
        handler({ id: job.id ?? '', name: job.name, data: job.data as Record<string, unknown> }),
      // Workers block on Redis, which needs unlimited retries per request.
      {
        connection: { url: this.url, maxRetriesPerRequest: null },
        prefix: this.prefix,
        concurrency,
      },
    );
    this.worker.on('error', () => undefined);
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
