import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BootstrapData } from '@tessera/shared/api/bootstrap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { NOT_BUILT_MESSAGE } from './routes.ts';

/** A stand-in for `vite build` output: the same file layout, tiny files. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'tessera-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/static/assets/index-AbCd1234.js"></script></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), 'console.log("tessera")');
  return dist;
}

const ATTRIBUTE_UNESCAPES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** What a browser hands the client: the attribute's value, unescaped. */
function bootstrapOf(html: string): BootstrapData {
  const match = /<div id="app" data-bootstrap="([^"]*)"><\/div>/.exec(html);
  if (!match?.[1]) throw new Error(`no bootstrap in ${html}`);
  return JSON.parse(
    match[1].replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ATTRIBUTE_UNESCAPES[entity] as string),
  );
}

describe('web client serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends anonymous visitors of a page to the login page with where they wanted to go', async () => {
    const res = await t.call('anonymous', { method: 'GET', url: '/databaseview/list/?q=x' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/?next=%2Fdatabaseview%2Flist%2F%3Fq%3Dx');
  });

  describe('a query posted to SQL Lab as a form', () => {
    const post = async (fields: Record<string, string>, withToken = true) => {
      const { cookie, 'x-csrftoken': token } = await t.session('sqllab');
      const form = new URLSearchParams({ ...fields, ...(withToken ? { csrf_token: token } : {}) });
      return t.app.inject({
        method: 'POST',
        url: '/sqllab/',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
    };

    it('opens the page with the requested dataset key and SQL in its bootstrap', async () => {
      const res = await post({
        form_data: JSON.stringify({ datasourceKey: '3__table', sql: 'SELECT 1' }),
      });
      expect(res.statusCode).toBe(200);
      expect(bootstrapOf(res.body).requested_query).toEqual({
        datasourceKey: '3__table',
        sql: 'SELECT 1',
      });
    });

    it('answers under the legacy prefix too', async () => {
      const { cookie, 'x-csrftoken': token } = await t.session('sqllab');
      const res = await t.app.inject({
        method: 'POST',
        url: '/superset/sqllab/',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          form_data: '{"sql":"SELECT 2"}',
          csrf_token: token,
        }).toString(),
      });
      expect(bootstrapOf(res.body).requested_query).toEqual({ sql: 'SELECT 2' });
    });

    it('refuses form_data that is not JSON, and a form without the CSRF token', async () => {
      const bad = await post({ form_data: '{nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'form_data is not valid JSON' });
      const forged = await post({ form_data: '{}' }, false);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ message: 'The CSRF token is missing.' });
    });
  });

  it('serves the login page to anonymous visitors with a bootstrap that has no user', async () => {
    const res = await t.call('anonymous', { method: 'GET', url: '/login/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toContain('no-store');
    const data = bootstrapOf(res.body);
    expect(data.user).toBeNull();
    expect(data.common.conf.SUPERSET_WEBSERVER_TIMEOUT).toBe(60);
  });

  it('injects the signed-in user, feature flags and settings into every page', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const data = bootstrapOf(res.body);
    expect(data.user).toMatchObject({ username: 'admin', isActive: true, isAnonymous: false });
    expect(Object.keys(data.user?.roles ?? {})).toEqual(['Admin']);
    expect(data.common.feature_flags.CONFIRM_DASHBOARD_DIFF).toBe(true);
    expect(data.common.conf).toMatchObject({
      SQL_MAX_ROW: 100000,
      DEFAULT_SQLLAB_LIMIT: 10000,
      SQLLAB_DEFAULT_DBID: null,
      ROW_LIMIT: 50000,
      SAMPLES_ROW_LIMIT: 1000,
      DEFAULT_VIZ_TYPE: 'table',
      DEFAULT_TIME_FILTER: 'No filter',
      EXPORT_ROW_LIMIT: 1000000,
      TIME_ZONE: 'UTC',
    });
    expect(data.common.application_root).toBe('/');
    expect(data.common.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    '/superset/welcome/',
    '/superset/dashboard/1/',
    '/superset/explore/?slice_id=3',
    '/superset/sqllab/',
    '/sqllab/',
    '/dashboard/list/',
    '/users/list/',
  ])('answers %s with the web client', async (url) => {
    const res = await t.call('gamma', { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(bootstrapOf(res.body).user?.username).toBe('gamma');
  });

  it('sends a signed-in user away from the login page to next, on this site only', async () => {
    const inside = await t.call('alpha', {
      method: 'GET',
      url: '/login/?next=%2Fdatabaseview%2Flist%2F',
    });
    expect(inside.statusCode).toBe(302);
    expect(inside.headers.location).toBe('/databaseview/list/');
    const outside = await t.call('alpha', {
      method: 'GET',
      url: '/login/?next=%2F%2Fevil.example',
    });
    expect(outside.headers.location).toBe('/');
    for (const next of ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%00']) {
      const refused = await t.call('alpha', { method: 'GET', url: `/login/?next=${next}` });
      expect(refused.statusCode, next).toBe(302);
      expect(refused.headers.location, next).toBe('/');
    }
    const unicode = await t.call('alpha', { method: 'GET', url: '/login/?next=%2F%E2%98%83%2F' });
    expect(unicode.statusCode).toBe(302);
    expect(unicode.headers.location).toBe('/%E2%98%83/');
  });

  it('answers the bootstrap as JSON for the client to refresh after login', async () => {
    const gamma = await t.call('gamma', { method: 'GET', url: '/api/v1/bootstrap/' });
    expect(gamma.statusCode).toBe(200);
    const data = gamma.json() as BootstrapData;
    expect(data.user?.username).toBe('gamma');
    expect(Object.keys(data.user?.roles ?? {})).toEqual(['Gamma']);
    expect(data.user?.permissions).toEqual({
      database_access: expect.any(Array),
      datasource_access: expect.any(Array),
    });
    const anonymous = await t.call('anonymous', { method: 'GET', url: '/api/v1/bootstrap/' });
    expect(anonymous.statusCode).toBe(200);
    expect((anonymous.json() as BootstrapData).user).toBeNull();
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.call('anonymous', {
      method: 'GET',
      url: '/static/assets/index-AbCd1234.js',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('tessera');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves index.html raw, and answers a missing asset with a JSON 404', async () => {
    const raw = await t.call('anonymous', { method: 'GET', url: '/static/index.html' });
    expect(raw.statusCode).toBeGreaterThanOrEqual(400);
    expect(raw.body).not.toContain('<div id="app">');
    const missing = await t.call('anonymous', {
      method: 'GET',
      url: '/static/assets/nope-12345678.js',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404, not the web client', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/no_such_thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers a file-looking path outside the assets with a 404', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(404);
  });
});

describe('web client not built', () => {
  let t: TestApp;
  let empty: string;
  beforeAll(async () => {
    empty = mkdtempSync(path.join(tmpdir(), 'tessera-web-empty-'));
    t = await createTestApp({ config: { webDist: empty } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers pages with a 503 that says how to build the client', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/databaseview/list/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(NOT_BUILT_MESSAGE);
    expect(res.body).toContain('npm run build');
  });

  it('still answers the API', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/bootstrap/' });
    expect(res.statusCode).toBe(200);
  });
});
