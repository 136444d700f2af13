import type { AppContext } from '../context.ts';
import { type ChartJobOptions, runChartJob, sweepJobs } from './service.ts';

export interface AsyncRuntimeOptions extends ChartJobOptions {
  /** Take chart jobs from the queue here (the web process with an in-process queue, workers). */
  processJobs: boolean;
  concurrency?: number;
  /** How often this process looks for jobs nobody will end. */
  sweepMs?: number;
  /** A running job whose worker has not beaten for this long is taken for lost. */
  leaseMs?: number;
}

export interface AsyncRuntime {
  sweep(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The per-process side of global async queries: takes chart jobs when asked, and sweeps the
 * jobs whose worker died or whose deadline passed, so none stays pending for good.
 */
export async function startAsyncRuntime(
  ctx: AppContext,
  options: AsyncRuntimeOptions,
): Promise<AsyncRuntime> {
  const parts = ctx.asyncQueries;
  if (!parts) return { sweep: async () => [], close: async () => {} };
  const leaseMs = options.leaseMs ?? 10_000;
  let closed = false;
  const sweep = async () => {
    if (closed) return [];
    try {
      return await sweepJobs(ctx, leaseMs);
    } catch (error) {
      ctx.logger.warn({ err: error }, 'async job sweep failed');
      return [];
    }
  };
  const timer = setInterval(() => void sweep(), options.sweepMs ?? 2000);
  timer.unref();
  if (options.processJobs) {
    await parts.queue.process(
      (job) => runChartJob(ctx, job, options),
      Math.max(1, options.concurrency ?? ctx.config.workerConcurrency),
    );
  }
  return {
    sweep,
    async close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
