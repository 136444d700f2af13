import { Redis } from 'ioredis';
import { CACHE_KEY_PATTERN, type Cache } from './types.ts';

/** The cache in Redis, shared by every process; Redis expires entries itself. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'tessera:cache:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }

  async get(key: string): Promise<string | null> {
    if (!CACHE_KEY_PATTERN.test(key)) return null;
    return this.redis.get(`${this.prefix}${key}`);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (!CACHE_KEY_PATTERN.test(key)) throw new Error('invalid cache key');
    if (ttlSeconds > 0)
      await this.redis.set(`${this.prefix}${key}`, value, 'EX', Math.ceil(ttlSeconds));
    else await this.redis.set(`${this.prefix}${key}`, value);
  }

  async delete(key: string): Promise<void> {
    if (!CACHE_KEY_PATTERN.test(key)) return;
    await this.redis.del(`${this.prefix}${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
