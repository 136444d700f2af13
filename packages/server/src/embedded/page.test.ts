import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/harness.ts';
import { withFrameAncestors } from '../web/embeddedPage.ts';
import { type EmbeddedFixture, embed, embeddedFixture, embeddedPath } from './testFixtures.ts';

/**
 * The embedded dashboard's page (`/embedded/{uuid}`), as a host's iframe asks for it: the web
 * client without a login, framed only by the embedding's allowed domains (CSP
 * `frame-ancestors`, and no X-Frame-Options), and a 404 for anything that is not an embedding.
 */

const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .find((d) => d.startsWith('frame-ancestors'));

describe('the embedded page', () => {
  let f: EmbeddedFixture;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tessera-embedded-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="app"></div></body></html>',
    );
    f = await embeddedFixture({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await f?.t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is served to anyone, framable by any origin when the embedding names none', async () => {
    const res = await f.t.call('anonymous', { method: 'GET', url: `/embedded/${f.embedA}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The rest of the app's policy stays.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('data-bootstrap=');
  });

  it('names exactly the allowed domains, and never bootstraps a signed-in user', async () => {
    await f.t.call('admin', {
      method: 'PUT',
      url: embeddedPath(f.dashboardB),
      payload: { allowed_domains: ['https://host.example', 'http://localhost:9000'] },
    });
    const res = await f.t.call('admin', { method: 'GET', url: `/embedded/${f.embedB}?uiConfig=1` });
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe(
      'frame-ancestors https://host.example http://localhost:9000',
    );
    expect(res.body).toContain('&quot;user&quot;:null');
    expect(res.body).toContain(
      `&quot;embedded&quot;:{&quot;dashboard_id&quot;:&quot;${f.dashboardB}&quot;}`,
    );
  });

  it('answers 404 for an unknown uuid, a removed embedding, or anything else', async () => {
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc']) {
      const res = await f.t.call('anonymous', { method: 'GET', url: `/embedded/${uuid}` });
      expect(res.statusCode, uuid).toBe(404);
    }
    const board = (await embed(f.t, f.dashboardA)).json().result.uuid as string;
    expect(board).toBe(f.embedA);
  });

  it('leaves every other page unframable by other origins', async () => {
    const res = await f.t.call('admin', { method: 'GET', url: '/dashboard/list/' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
  });
});

describe('the embedded page with EMBEDDED_SUPERSET off', () => {
  it('does not exist', async () => {
    const t = await createTestApp();
    try {
      const res = await t.call('anonymous', {
        method: 'GET',
        url: '/embedded/00000000-0000-4000-8000-000000000000',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('withFrameAncestors', () => {
  const policy = "default-src 'self';frame-ancestors 'self';script-src 'self'";
  it('replaces the directive and keeps the others', () => {
    expect(withFrameAncestors(policy, ['https://a.example'])).toBe(
      "default-src 'self';script-src 'self';frame-ancestors https://a.example",
    );
  });
  it('allows no one when no domain can be written into the header', () => {
    expect(withFrameAncestors(policy, ['a\u0001b', 'ü.example'])).toBe(
      "default-src 'self';script-src 'self';frame-ancestors 'none'",
    );
  });
});
