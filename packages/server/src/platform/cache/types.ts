/**
 * The data cache: text values under string keys with a time to live. Embedded default: an
 * in-memory LRU in front of files under TESSERA_HOME/cache (they survive restarts); Redis when
 * TESSERA_REDIS_URL is set, shared by every process.
 */
export interface Cache {
  readonly kind: 'memory-file' | 'redis';
  get(key: string): Promise<string | null>;
  /** `ttlSeconds` 0 keeps the entry until evicted (flask-caching's meaning of 0). */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys are hex digests (the chart-data cache key): nothing else reaches a file name. */
export const CACHE_KEY_PATTERN = /^[0-9a-f]{16,128}$/;
