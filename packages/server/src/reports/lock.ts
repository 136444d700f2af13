import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from '../platform/config.ts';

/**
 * "Only one of us runs this": every server process ticks the scheduler, and the first to take a
 * schedule's lock for one scheduled time runs it. With Redis, `SET key token NX PX ttl` is the
 * lock, shared by every process; without Redis there is one process, and a map is enough.
 */
export interface RunLock {
  /** True when this caller took the lock; it lapses by itself after `ttlMs`. */
  acquire(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryLock implements RunLock {
  private readonly held = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  async acquire(key: string, ttlMs: number): Promise<boolean> {
    const at = this.now();
    for (const [k, until] of this.held) if (until <= at) this.held.delete(k);
    if (this.held.has(key)) return false;
    this.held.set(key, at + ttlMs);
    return true;
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}

export class RedisLock implements RunLock {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async acquire(key: string, ttlMs: number): Promise<boolean> {
    const answer = await this.redis.set(
      `${this.prefix}${key}`,
      randomUUID(),
      'PX',
      Math.max(1, Math.round(ttlMs)),
      'NX',
    );
    return answer === 'OK';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The key prefix names the metadata store, so installations sharing a Redis never collide. */
export function lockPrefix(config: Pick<Config, 'databaseUrl' | 'home'>): string {
  const store = createHash('sha256')
    .update(config.databaseUrl ?? config.home)
    .digest('hex')
    .slice(0, 12);
  return `tessera:${store}:reports:lock:`;
}

export function createRunLock(
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'home'>,
  prefix = lockPrefix(config),
): RunLock {
  return config.redisUrl ? new RedisLock(config.redisUrl, prefix) : new MemoryLock();
}
