import type { Config } from '../config.ts';
import { FileResultsBackend } from './file.ts';
import { RedisResultsBackend } from './redis.ts';
import type { ResultsBackend } from './types.ts';

/** Redis when TESSERA_REDIS_URL is set (several processes share it), files otherwise. */
export function createResultsBackend(config: Pick<Config, 'home' | 'redisUrl'>): ResultsBackend {
  return config.redisUrl
    ? new RedisResultsBackend(config.redisUrl)
    : new FileResultsBackend(config.home);
}
