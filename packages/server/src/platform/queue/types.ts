/**
 * Background jobs (asynchronous SQL Lab runs today, reports later). The in-process queue runs
 * jobs inside the serving process; the BullMQ queue keeps them in Redis so any `tessera worker`
 * (or web process) can take them. Handlers are idempotent about their own state: a job may be
 * handed out again after a worker dies, and the handler checks before it acts.
 */
export interface Job {
  id: string;
  name: string;
  data: Record<string, unknown>;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Whether waiting jobs outlive this process (Redis keeps them; memory does not). */
  readonly durable: boolean;
  enqueue(name: string, data: Record<string, unknown>, options: { jobId: string }): Promise<void>;
  /** Starts taking jobs, at most `concurrency` at once. Called at most once per queue. */
  process(handler: JobHandler, concurrency: number): Promise<void>;
  close(): Promise<void>;
}
