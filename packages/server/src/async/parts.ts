import type { Config } from '../platform/config.ts';
import { createJobQueue } from '../platform/queue/factory.ts';
import type { JobQueue } from '../platform/queue/types.ts';
import { type AsyncEventStream, createEventStream } from './events.ts';
import { createJobTracker, type JobTracker } from './jobs.ts';

/** The shared parts, made once by the composition root when GLOBAL_ASYNC_QUERIES is on. */
export interface AsyncQueries {
  events: AsyncEventStream;
  jobs: JobTracker;
  queue: JobQueue;
}

export function createAsyncQueries(config: Config): AsyncQueries | null {
  if (!config.featureFlags.GLOBAL_ASYNC_QUERIES) return null;
  return {
    events: createEventStream(config),
    jobs: createJobTracker(config),
    queue: createJobQueue(config, 'charts'),
  };
}

export async function closeAsyncQueries(parts: AsyncQueries | null): Promise<void> {
  if (!parts) return;
  await Promise.allSettled([parts.queue.close(), parts.events.close(), parts.jobs.close()]);
}
