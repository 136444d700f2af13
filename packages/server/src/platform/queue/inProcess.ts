import type { Job, JobHandler, JobQueue } from './types.ts';

/**
 * A FIFO queue in memory. Jobs run in this process, at most `concurrency` at once; a failing
 * handler is logged by the caller's handler itself, never stops the queue.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly durable = false;
  private readonly waiting: Job[] = [];
  private handler: JobHandler | null = null;
  private concurrency = 1;
  private active = 0;
  private closed = false;
  private readonly running = new Set<Promise<void>>();

  async enqueue(
    name: string,
    data: Record<string, unknown>,
    options: { jobId: string },
  ): Promise<void> {
    if (this.closed) throw new Error('the job queue is closed');
    this.waiting.push({ id: options.jobId, name, data });
    this.pump();
  }

  async process(handler: JobHandler, concurrency: number): Promise<void> {
    this.handler = handler;
    // Nothing else would ever run these jobs, so at least one runs at a time.
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  /** Jobs waiting for a free slot (for tests and the heartbeat). */
  get pendingJobIds(): string[] {
    return this.waiting.map((job) => job.id);
  }

  private pump(): void {
    while (
      !this.closed &&
      this.handler &&
      this.active < this.concurrency &&
      this.waiting.length > 0
    ) {
      const job = this.waiting.shift() as Job;
      const handler = this.handler;
      this.active += 1;
      const run = handler(job)
        .catch(() => undefined)
        .finally(() => {
          this.active -= 1;
          this.running.delete(run);
          this.pump();
        });
      this.running.add(run);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.all([...this.running]);
  }
}
