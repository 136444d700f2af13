import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryFileCache } from './memoryFile.ts';
import { RedisCache } from './redis.ts';
import type { Cache } from './types.ts';

const REDIS_URL = process.env.TESSERA_TEST_REDIS_URL;
if (!REDIS_URL) console.warn('Redis cache tests skipped: TESSERA_TEST_REDIS_URL is not set');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-cache-'));
  dirs.push(dir);
  return dir;
}
const key = (n: number) => n.toString(16).padStart(32, 'a');

function behaves(name: string, make: () => Cache, skip = false) {
  describe.skipIf(skip)(`${name} cache`, () => {
    it('answers what was set, null for what was not, and forgets deleted keys', async () => {
      const cache = make();
      const k = key(Date.now());
      expect(await cache.get(k)).toBeNull();
      await cache.set(k, '{"a":1}', 60);
      expect(await cache.get(k)).toBe('{"a":1}');
      await cache.delete(k);
      expect(await cache.get(k)).toBeNull();
      await cache.close();
    });

    it('refuses keys that are not hex digests', async () => {
      const cache = make();
      await expect(cache.set('../../etc/passwd', 'x', 1)).rejects.toThrow('invalid cache key');
      expect(await cache.get('../../etc/passwd')).toBeNull();
      await cache.close();
    });
  });
}

behaves('memory + file', () => new MemoryFileCache({ dir: tempDir() }));
behaves(
  'Redis (TESSERA_TEST_REDIS_URL)',
  () => new RedisCache(REDIS_URL as string, `tessera:test:${process.pid}:`),
  !REDIS_URL,
);

describe('memory + file cache', () => {
  it('expires entries after their time to live', async () => {
    let now = 1_000_000;
    const cache = new MemoryFileCache({ dir: tempDir(), now: () => now });
    await cache.set(key(1), 'v', 10);
    now += 9_000;
    expect(await cache.get(key(1))).toBe('v');
    now += 2_000;
    expect(await cache.get(key(1))).toBeNull();
  });

  it('reads entries back from files after a restart', async () => {
    const dir = tempDir();
    const first = new MemoryFileCache({ dir });
    await first.set(key(2), 'kept', 60);
    await first.close();
    expect(readdirSync(dir)).toEqual([`${key(2)}.json`]);
    expect(await new MemoryFileCache({ dir }).get(key(2))).toBe('kept');
  });

  it('evicts the least recently used entries beyond its memory budget', async () => {
    const cache = new MemoryFileCache({ dir: null, maxMemoryBytes: 10 });
    await cache.set(key(3), '12345', 60);
    await cache.set(key(4), '12345', 60);
    expect(await cache.get(key(3))).toBe('12345');
    await cache.set(key(5), '12345', 60);
    expect(await cache.get(key(4))).toBeNull();
    expect(await cache.get(key(3))).toBe('12345');
  });
});
