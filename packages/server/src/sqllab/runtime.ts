import { INTERRUPTED_QUERY_MESSAGE } from '@tessera/shared/api/sqllab';
import type { AppContext } from '../context.ts';
import type { Job, JobQueue } from '../platform/queue/types.ts';
import type { ResultsBackend } from '../platform/results/types.ts';
import { executeQuery, type Outcome, type StopReason } from './executor.ts';
import { queryRepository } from './repository.ts';

export const EXECUTE_JOB = 'sqllab.execute';

/**
 * Timings only: the queue and the results backend come from the context (a test brings its own
 * through `createContext`'s overrides).
 */
export interface RuntimeOptions {
  /** How often this process renews the lease of the queries it holds and looks for stops. */
  heartbeatMs?: number;
  /** A query whose lease is older than this is taken for dead. */
  leaseMs?: number;
  /** How often stale queries and expired results are swept. */
  sweepMs?: number;
}

interface ActiveRun {
  clientId: string;
  controller: AbortController;
  reason: StopReason | null;
}

/**
 * The per-process side of SQL Lab runs: the runs this process holds (with their AbortControllers),
 * the heartbeat that keeps their lease and notices stops made by other processes, and the sweep
 * that fails queries whose process died. The job queue and the results backend belong to the
 * context (`createContext`); whoever closes the context closes them, after this runtime.
 */
export class SqlLabRuntime {
  readonly results: ResultsBackend;
  readonly queue: JobQueue;
  private readonly active = new Map<number, ActiveRun>();
  /** Query ids this process answers for: waiting in its in-process queue, or running here. */
  private readonly held = new Set<number>();
  private readonly heartbeatMs: number;
  private readonly leaseMs: number;
  private readonly sweepMs: number;
  /** Runs still going, so closing can wait for the aborted ones to let their engines go. */
  private readonly running = new Set<Promise<Outcome>>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    options: RuntimeOptions = {},
  ) {
    this.results = ctx.results;
    this.queue = ctx.queue;
    this.heartbeatMs = options.heartbeatMs ?? 2000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.sweepMs = options.sweepMs ?? 15_000;
  }

  /** Sweeps once, starts the timers and, when asked, takes jobs from the queue. */
  async start(
    processJobs: boolean,
    concurrency = this.ctx.config.workerConcurrency,
  ): Promise<void> {
    await this.sweep();
    this.timers.push(setInterval(() => void this.tick(), this.heartbeatMs).unref());
    this.timers.push(setInterval(() => void this.sweep(), this.sweepMs).unref());
    if (processJobs) await this.queue.process((job) => this.handle(job), concurrency);
  }

  /** Runs a query in this request, ending `timed_out` after SQLLAB_TIMEOUT seconds. */
  async runSync(queryId: number, clientId: string): Promise<Outcome> {
    const seconds = this.ctx.config.sqllabTimeout;
    return this.runHeld(queryId, clientId, seconds > 0 ? seconds : null);
  }

  async enqueue(queryId: number, clientId: string): Promise<void> {
    if (!this.queue.durable) this.held.add(queryId);
    try {
      await this.queue.enqueue(EXECUTE_JOB, { queryId, clientId }, { jobId: clientId });
    } catch (error) {
      this.held.delete(queryId);
      throw error;
    }
  }

  /** Aborts a run of this process; answers whether it had one. */
  abortLocal(queryId: number): boolean {
    const run = this.active.get(queryId);
    if (!run) return false;
    run.reason ??= 'stopped';
    run.controller.abort();
    return true;
  }

  /** Fails queries whose holder stopped renewing their lease; answers their ids. */
  async sweep(): Promise<number[]> {
    if (this.closed) return [];
    try {
      const now = Date.now();
      // Jobs waiting in Redis belong to no process yet; only in-memory queues lose pending jobs.
      const statuses = this.queue.durable ? ['running'] : ['running', 'pending'];
      const ids = await queryRepository.failStale(
        this.ctx.store.db,
        statuses,
        now - this.leaseMs,
        INTERRUPTED_QUERY_MESSAGE,
        now,
      );
      await this.results.sweepExpired();
      return ids;
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'SQL Lab sweep failed');
      return [];
    }
  }

  /**
   * Stops this process's runs and gives up the queries it held. The queue and the results backend
   * stay open (the context closes them later); a second call does nothing.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    const held = [...this.held];
    for (const run of this.active.values()) {
      run.reason ??= 'stopped';
      run.controller.abort();
    }
    // This process answers for these queries and is going away: say so instead of leaving them.
    for (const id of held) await this.giveUp(id);
    // Aborted runs end within moments; an engine that ignores the abort must not hold shutdown.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 5000);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Marks a query this process answered for as interrupted, unless it already ended. */
  private async giveUp(queryId: number): Promise<void> {
    await queryRepository
      .updateIfStatus(this.ctx.store.db, queryId, ['pending', 'running'], {
        status: 'failed',
        error_message: INTERRUPTED_QUERY_MESSAGE,
        end_time: Date.now(),
      })
      .catch(() => undefined);
  }

  private async handle(job: Job): Promise<void> {
    const queryId = Number(job.data.queryId);
    const clientId = String(job.data.clientId ?? '');
    // The queue outlives this runtime until the context closes: a job taken in between would
    // otherwise end as done while its query stayed pending for good.
    if (this.closed) {
      this.held.delete(queryId);
      await this.giveUp(queryId);
      return;
    }
    const row = await queryRepository.get(this.ctx.store.db, queryId);
    // A job handed out again after a worker died, or a query stopped while it waited.
    if (row?.status !== 'pending') {
      this.held.delete(queryId);
      return;
    }
    await this.runHeld(queryId, clientId, null);
  }

  private async runHeld(
    queryId: number,
    clientId: string,
    timeoutSeconds: number | null,
  ): Promise<Outcome> {
    const run: ActiveRun = { clientId, controller: new AbortController(), reason: null };
    this.active.set(queryId, run);
    this.held.add(queryId);
    const timer =
      timeoutSeconds === null
        ? null
        : setTimeout(() => {
            run.reason ??= 'timed_out';
            run.controller.abort();
          }, timeoutSeconds * 1000);
    const execution = executeQuery(
      { ctx: this.ctx, results: this.results },
      queryId,
      run.controller.signal,
      () => run.reason,
      timeoutSeconds,
    );
    this.running.add(execution);
    try {
      return await execution;
    } finally {
      this.running.delete(execution);
      if (timer) clearTimeout(timer);
      this.active.delete(queryId);
      this.held.delete(queryId);
    }
  }

  /** Renews leases and aborts local runs whose row another process marked stopped. */
  private async tick(): Promise<void> {
    if (this.closed || this.held.size === 0) return;
    try {
      const db = this.ctx.store.db;
      await queryRepository.heartbeat(db, [...this.held], Date.now());
      const ids = [...this.active.keys()];
      for (const { id, status } of await queryRepository.statuses(db, ids)) {
        if (status !== 'running' && status !== 'pending') this.abortLocal(id);
      }
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'SQL Lab heartbeat failed');
    }
  }
}

/**
 * The `tessera worker` side: takes asynchronous runs from the shared (Redis) queue. Without
 * TESSERA_REDIS_URL there is no queue another process could share.
 */
export async function startWorker(
  ctx: AppContext,
  options: RuntimeOptions = {},
): Promise<SqlLabRuntime> {
  if (!ctx.queue.durable) {
    throw new Error(
      'tessera worker needs TESSERA_REDIS_URL: without Redis, jobs run inside the web process',
    );
  }
  const runtime = new SqlLabRuntime(ctx, options);
  try {
    // A worker process exists to run jobs: at least one at a time.
    await runtime.start(true, Math.max(1, ctx.config.workerConcurrency));
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return runtime;
}
