import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../testing/stores.ts';
import { FileResultsBackend } from './file.ts';
import { RedisResultsBackend } from './redis.ts';
import type { ResultsBackend } from './types.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

function behaves(
  label: string,
  make: () => { backend: ResultsBackend; advance?: (ms: number) => void },
) {
  describe(label, () => {
    let backend: ResultsBackend;
    let advance: ((ms: number) => void) | undefined;
    beforeAll(() => {
      ({ backend, advance } = make());
    });
    afterAll(async () => {
      await backend?.close();
    });

    it('gives back what was stored under a key, metadata and bytes', async () => {
      await backend.put('k1', { meta: { rows: 3 }, ipc: bytes(1, 2, 3) }, 60);
      const found = await backend.get('k1');
      expect(found.status).toBe('found');
      if (found.status === 'found') {
        expect(found.result.meta).toEqual({ rows: 3 });
        expect([...found.result.ipc]).toEqual([1, 2, 3]);
      }
    });

    it('answers missing for a key never stored and for a key that is not a key', async () => {
      expect((await backend.get('nope')).status).toBe('missing');
      expect((await backend.get('../../etc/passwd')).status).toBe('missing');
    });

    it('forgets a deleted entry', async () => {
      await backend.put('k2', { meta: {}, ipc: bytes(9) }, 60);
      await backend.delete('k2');
      expect((await backend.get('k2')).status).toBe('missing');
    });

    it('no longer answers an entry after its time to live', async () => {
      await backend.put('k3', { meta: {}, ipc: bytes(7) }, 0.2);
      if (advance) advance(1000);
      else await new Promise((resolve) => setTimeout(resolve, 400));
      expect(['expired', 'missing']).toContain((await backend.get('k3')).status);
    });
  });
}

let clock = Date.now();
const home = mkdtempSync(path.join(tmpdir(), 'tessera-results-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

behaves('file results backend', () => ({
  backend: new FileResultsBackend(home, () => clock),
  advance: (ms) => {
    clock += ms;
  },
}));

describe('file results backend expiry', () => {
  it('reports expired until swept, then missing', async () => {
    let now = 1_000_000;
    const backend = new FileResultsBackend(
      mkdtempSync(path.join(tmpdir(), 'tessera-results-')),
      () => now,
    );
    await backend.put('old', { meta: {}, ipc: bytes(1) }, 10);
    await backend.put('young', { meta: {}, ipc: bytes(1) }, 1000);
    now += 20_000;
    expect((await backend.get('old')).status).toBe('expired');
    expect(await backend.sweepExpired()).toBe(1);
    expect((await backend.get('old')).status).toBe('missing');
    expect((await backend.get('young')).status).toBe('found');
  });
});

if (!TEST_REDIS_URL)
  console.warn('Redis results backend tests skipped: TESSERA_TEST_REDIS_URL is not set');
describe.skipIf(!TEST_REDIS_URL)('redis results backend', () => {
  behaves('on a real Redis', () => ({
    backend: new RedisResultsBackend(TEST_REDIS_URL, `tessera-test:${process.pid}:${Date.now()}:`),
  }));
});
