import path from 'node:path';
import type { Config } from '../config.ts';
import { MemoryFileCache } from './memoryFile.ts';
import { RedisCache } from './redis.ts';
import type { Cache } from './types.ts';

export type { Cache } from './types.ts';

/** Redis when TESSERA_REDIS_URL is set; otherwise memory + files under TESSERA_HOME/cache. */
export function createCache(config: Pick<Config, 'redisUrl' | 'home'>): Cache {
  if (config.redisUrl) return new RedisCache(config.redisUrl);
  return new MemoryFileCache({ dir: path.join(config.home, 'cache') });
}
