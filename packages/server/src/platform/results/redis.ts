import { Redis } from 'ioredis';
import {
  RESULTS_KEY_PATTERN,
  type ResultsBackend,
  type ResultsLookup,
  type StoredResult,
} from './types.ts';

/**
 * Results in Redis, shared by every web and worker process. Redis expires entries by itself, so
 * an expired entry reads as `missing`; callers that know the key was once stored (the query row
 * names it) answer "expired" from that.
 */
export class RedisResultsBackend implements ResultsBackend {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'tessera:results:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async put(key: string, result: StoredResult, ttlSeconds: number): Promise<void> {
    if (!RESULTS_KEY_PATTERN.test(key)) throw new Error('invalid results key');
    const ttlMs = Math.max(1, Math.round(ttlSeconds * 1000));
    await this.redis
      .multi()
      .set(
        `${this.prefix}${key}:data`,
        Buffer.from(result.ipc.buffer, result.ipc.byteOffset, result.ipc.byteLength),
        'PX',
        ttlMs,
      )
      .set(`${this.prefix}${key}:meta`, JSON.stringify(result.meta), 'PX', ttlMs)
      .exec();
  }

  async get(key: string): Promise<ResultsLookup> {
    if (!RESULTS_KEY_PATTERN.test(key)) return { status: 'missing' };
    const [meta, data] = await Promise.all([
      this.redis.get(`${this.prefix}${key}:meta`),
      this.redis.getBuffer(`${this.prefix}${key}:data`),
    ]);
    if (meta === null || data === null) return { status: 'missing' };
    return {
      status: 'found',
      result: {
        meta: JSON.parse(meta) as Record<string, unknown>,
        ipc: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      },
    };
  }

  async delete(key: string): Promise<void> {
    if (!RESULTS_KEY_PATTERN.test(key)) return;
    await this.redis.del(`${this.prefix}${key}:data`, `${this.prefix}${key}:meta`);
  }

  async sweepExpired(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
