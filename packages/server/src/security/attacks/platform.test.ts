import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrub } from '../../engines/errorKit.ts';
import { MemoryFileCache } from '../../platform/cache/memoryFile.ts';
import { loadConfig } from '../../platform/config.ts';
import { TOO_DEEP } from '../../platform/http.ts';
import { FileResultsBackend } from '../../platform/results/file.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * Attacks on the platform (issue 21 items 2, 10, 11): input that stalls the event loop, bodies
 * that break the parsers, and files other users of the machine could read.
 */

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('input that used to stall the server', () => {
  it('scrubs a message of a million letters, or of a million scheme-like parts, at once', () => {
    const inputs = [
      'a'.repeat(1_000_000),
      'a://'.repeat(250_000),
      `${'x'.repeat(500_000)}://${'y'.repeat(500_000)}`,
      'Binder Error: Referenced column '.concat('q'.repeat(100_000), ' not found'),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const out = scrub(input, { password: 'secret', uri: 'postgresql://u:secret@h/db' });
      expect(performance.now() - started).toBeLessThan(250);
      expect(out.length).toBeLessThanOrEqual(10_001);
    }
  });

  it('still removes credentials, also at the edge of the bound', () => {
    expect(scrub('failed: postgresql://bob:hunter2@db.example:5432/x')).toBe(
      'failed: postgresql://db.example:5432/x',
    );
    const padded = `${'.'.repeat(9_995)}hunter2 and more`;
    expect(scrub(padded, { password: 'hunter2' })).not.toContain('hunter');
  });
});

describe('malformed bodies answer 400, not 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const truncated = [
    '--XX\r\nContent-Disposition: form-data; name="queryEditor"\r\n\r\n{"dbId":1',
    '--XX\r\nContent-Disposition: form-data; name="formData"; filename="a.zip"\r\n',
  ];

  it('a multipart body cut off mid-part, on the SQL Lab state and import routes', async () => {
    for (const url of ['/tabstateview/', '/tableschemaview/', '/api/v1/dashboard/import/']) {
      for (const payload of truncated) {
        const res = await t.call('admin', {
          method: 'POST',
          url,
          headers: { 'content-type': 'multipart/form-data; boundary=XX' },
          payload,
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json()).toHaveProperty('message');
      }
    }
  });

  it('JSON nested 5,000 levels deep, on dashboard copy and permalink and elsewhere', async () => {
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepArray = `{"json_metadata":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const url of [
      '/api/v1/dashboard/1/copy/',
      '/api/v1/dashboard/1/permalink',
      '/api/v1/chart/data',
      '/api/v1/explore/permalink',
    ]) {
      for (const payload of [deepObject, deepArray]) {
        const res = await t.call('admin', {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ message: TOO_DEEP });
      }
    }
  });

  it('nesting a real request might use still passes the guard', async () => {
    const nested = { a: { b: { c: [[[{ d: [1, 2, { e: '[[[[{{{{' }] }]]] } } };
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: nested,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toEqual({ message: TOO_DEEP });
  });
});

describe('files only the server user may read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the home, the metadata store and its companions are 0700/0600', () => {
    expect(modeOf(t.home)).toBe(0o700);
    expect(modeOf(path.join(t.home, 'tessera.db'))).toBe(0o600);
    expect(modeOf(path.join(t.home, 'tessera.db-wal'))).toBe(0o600);
  });

  it('stored results and cache entries are 0600 in 0700 folders', async () => {
    const results = new FileResultsBackend(t.home);
    await results.put('abc123', { ipc: new Uint8Array([1, 2, 3]), meta: {} }, 60);
    expect(modeOf(path.join(t.home, 'results'))).toBe(0o700);
    for (const file of ['abc123.arrow', 'abc123.json'])
      expect(modeOf(path.join(t.home, 'results', file))).toBe(0o600);
    const cacheDir = path.join(t.home, 'cache');
    const cache = new MemoryFileCache({ dir: cacheDir });
    const key = 'ab'.repeat(16);
    await cache.set(key, '{"value":1}', 60);
    expect(modeOf(cacheDir)).toBe(0o700);
    expect(modeOf(path.join(cacheDir, `${key}.json`))).toBe(0o600);
  });

  it('a generated secret key is 0600, and an existing home or key left readable is narrowed', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tessera-modes-'));
    try {
      chmodSync(home, 0o755);
      loadConfig({ TESSERA_HOME: home });
      expect(modeOf(home)).toBe(0o700);
      expect(modeOf(path.join(home, 'secret_key'))).toBe(0o600);
      chmodSync(path.join(home, 'secret_key'), 0o644);
      loadConfig({ TESSERA_HOME: home });
      expect(modeOf(path.join(home, 'secret_key'))).toBe(0o600);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
