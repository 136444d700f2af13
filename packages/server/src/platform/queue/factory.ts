import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import { BullmqJobQueue } from './bullmq.ts';
import { InProcessJobQueue } from './inProcess.ts';
import type { JobQueue } from './types.ts';

/**
 * BullMQ when TESSERA_REDIS_URL is set, the in-process queue otherwise. The Redis key prefix
 * names the metadata store, so installations sharing one Redis never take each other's jobs
 * (a job names a query row that only its own store has).
 */
export function createJobQueue(
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'home'>,
  name = 'sqllab',
): JobQueue {
  if (!config.redisUrl) return new InProcessJobQueue();
  const store = createHash('sha256')
    .update(config.databaseUrl ?? config.home)
    .digest('hex')
    .slice(0, 12);
  return new BullmqJobQueue(config.redisUrl, name, `tessera:${store}`);
}
