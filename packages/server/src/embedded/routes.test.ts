import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from '../dashboards/testFixtures.ts';
import { grantToRole } from '../datasets/testFixtures.ts';
import { loadConfig } from '../platform/config.ts';
import { GuestTokens } from '../security/guestToken.ts';
import { securityRepository } from '../security/repository.ts';
import { BUILTIN_ROLES } from '../security/roles.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { EMBEDDED_NOT_FOUND_MESSAGE } from './guestTokens.ts';
import { type EmbeddedFixture, embed, embeddedFixture, embeddedPath } from './testFixtures.ts';

/**
 * Issue 18's API: a dashboard's embedded configuration in Superset's shapes, behind
 * EMBEDDED_SUPERSET and the rights to edit the dashboard, and guest tokens for callers holding
 * ('can_grant_guest_token', 'SecurityRestApi').
 */

describe.each(storeKinds())('on the %s metadata store', (store) => {
  let f: EmbeddedFixture;
  beforeAll(async () => {
    f = await embeddedFixture({ store });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  describe('the embedded configuration of a dashboard', () => {
    it('is made, read, replaced and removed by an admin, in Superset shapes', async () => {
      const t = f.t;
      const board = await createDashboard(t, { dashboard_title: 'Embed me', slug: 'embed-me' });
      expect((await t.call('admin', { method: 'GET', url: embeddedPath(board) })).statusCode).toBe(
        404,
      );

      const made = await embed(t, board, 'admin', ['https://host.example']);
      expect(made.statusCode).toBe(200);
      const result = made.json().result;
      expect(result).toMatchObject({
        allowed_domains: ['https://host.example'],
        dashboard_id: String(board),
        changed_by: { first_name: expect.any(String), last_name: expect.any(String) },
      });
      expect(result.uuid).toMatch(UUID);
      expect(typeof result.changed_on).toBe('string');

      // By slug too; PUT replaces the domains and keeps the uuid, as Superset's upsert does.
      const read = await t.call('admin', { method: 'GET', url: embeddedPath('embed-me') });
      expect(read.json().result).toEqual(result);
      const replaced = await t.call('admin', {
        method: 'PUT',
        url: embeddedPath(board),
        payload: { allowed_domains: ['https://a.example', 'http://localhost:9000'] },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().result).toMatchObject({
        uuid: result.uuid,
        allowed_domains: ['https://a.example', 'http://localhost:9000'],
      });
      const again = await embed(t, board, 'admin', []);
      expect(again.json().result).toMatchObject({ uuid: result.uuid, allowed_domains: [] });

      const byUuid = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/embedded_dashboard/${result.uuid}`,
      });
      expect(byUuid.statusCode).toBe(200);
      expect(byUuid.json().result).toMatchObject({
        uuid: result.uuid,
        dashboard_id: String(board),
      });

      const removed = await t.call('admin', { method: 'DELETE', url: embeddedPath(board) });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'OK' });
      expect((await t.call('admin', { method: 'GET', url: embeddedPath(board) })).statusCode).toBe(
        404,
      );
      const gone = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/embedded_dashboard/${result.uuid}`,
      });
      expect(gone.statusCode).toBe(404);
    });

    it('goes with its dashboard', async () => {
      const t = f.t;
      const board = await createDashboard(t, { dashboard_title: 'Short-lived' });
      const uuid = (await embed(t, board)).json().result.uuid;
      const deleted = await t.call('admin', {
        method: 'DELETE',
        url: `/api/v1/dashboard/${board}`,
      });
      expect(deleted.statusCode).toBe(200);
      const res = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/embedded_dashboard/${uuid}`,
      });
      expect(res.statusCode).toBe(404);
      const rows = await t.store.db
        .selectFrom('embedded_dashboards')
        .select('uuid')
        .where('uuid', '=', uuid)
        .execute();
      expect(rows).toEqual([]);
    });

    it('is managed only by those who may edit the dashboard', async () => {
      const t = f.t;
      // Alpha holds ('can_write', 'EmbeddedDashboard') but does not own the admin's dashboard.
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const payload = method === 'POST' || method === 'PUT' ? { allowed_domains: [] } : undefined;
        const url = embeddedPath(f.dashboardA);
        expect((await t.call('alpha', { method, url, payload })).statusCode, method).toBe(403);
        expect((await t.call('gamma', { method, url, payload })).statusCode, method).toBe(403);
        expect((await t.call('sqllab', { method, url, payload })).statusCode, method).toBe(403);
        expect((await t.call('anonymous', { method, url, payload })).statusCode, method).toBe(401);
      }
      const own = await createDashboard(t, { dashboard_title: 'Alpha owns' }, 'alpha');
      const made = await embed(t, own, 'alpha', ['https://alpha.example']);
      expect(made.statusCode).toBe(200);
      expect(made.json().result.allowed_domains).toEqual(['https://alpha.example']);
      // Gamma may read dashboards but not embeddings.
      const uuid = made.json().result.uuid;
      const gamma = await t.call('gamma', {
        method: 'GET',
        url: `/api/v1/embedded_dashboard/${uuid}`,
      });
      expect(gamma.statusCode).toBe(403);
      // The embedding stays as it was after every refusal.
      const read = await t.call('admin', { method: 'GET', url: embeddedPath(f.dashboardA) });
      expect(read.json().result.uuid).toBe(f.embedA);
    });

    it('answers 400 to bad bodies and 404 to unknown dashboards and embeddings', async () => {
      const t = f.t;
      const post = (payload: unknown, board: number | string = f.dashboardA) =>
        t.call('admin', {
          method: 'POST',
          url: embeddedPath(board),
          payload: payload as Record<string, unknown>,
        });
      for (const bad of [
        {},
        { allowed_domains: 'https://a.example' },
        { allowed_domains: [1] },
        { allowed_domains: ['https://a.example; script-src *'] },
        { allowed_domains: ["'unsafe-inline'"] },
        { allowed_domains: ['a b'] },
        { allowed_domains: [''] },
        { allowed_domains: Array.from({ length: 101 }, (_, i) => `https://h${i}.example`) },
      ]) {
        const res = await post(bad);
        expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
        expect(res.json()).toHaveProperty('message');
      }
      expect((await post({ allowed_domains: [] }, 999_999)).statusCode).toBe(404);
      expect((await post({ allowed_domains: [] }, 'no-such-slug')).statusCode).toBe(404);
      for (const uuid of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', "x' OR '1'='1"]) {
        const res = await t.call('admin', {
          method: 'GET',
          url: `/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`,
        });
        expect(res.statusCode, uuid).toBe(404);
      }
      const read = await t.call('admin', { method: 'GET', url: embeddedPath(f.dashboardA) });
      expect(read.json().result.allowed_domains).toEqual([]);
    });
  });

  describe('guest tokens', () => {
    const grant = (
      caller: 'admin' | 'alpha' | 'gamma' | 'sqllab' | 'anonymous',
      payload: unknown,
    ) =>
      f.t.call(caller, {
        method: 'POST',
        url: '/api/v1/security/guest_token/',
        payload: payload as Record<string, unknown>,
      });
    const body = (extra: Record<string, unknown> = {}) => ({
      user: { username: 'embedder', first_name: 'Em', last_name: 'Bedder' },
      resources: [{ type: 'dashboard', id: f.embedA }],
      rls: [],
      ...extra,
    });

    it('answers {token}, a JWT of type guest that lives 300 s', async () => {
      const res = await grant('admin', body({ rls: [{ clause: "region = 'EU'" }] }));
      expect(res.statusCode).toBe(200);
      const { token } = res.json();
      expect(Object.keys(res.json())).toEqual(['token']);
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({
        type: 'guest',
        aud: 'tessera',
        user: { username: 'embedder', first_name: 'Em', last_name: 'Bedder' },
        resources: [{ type: 'dashboard', id: f.embedA }],
        rls_rules: [{ clause: "region = 'EU'" }],
      });
      expect(claims.exp - claims.iat).toBe(300);
    });

    it('is refused to callers without can_grant_guest_token', async () => {
      for (const caller of ['alpha', 'gamma', 'sqllab'] as const) {
        expect((await grant(caller, body())).statusCode, caller).toBe(403);
      }
      expect((await grant('anonymous', body())).statusCode).toBe(401);
    });

    it('answers 400 to bad bodies, unknown embeddings and bad clauses', async () => {
      const cases: Array<[string, unknown]> = [
        ['no user', { resources: [], rls: [] }],
        ['no resources', { user: {}, rls: [] }],
        ['no rls', { user: {}, resources: [] }],
        ['a chart resource', body({ resources: [{ type: 'chart', id: '1' }] })],
        ['a numeric id', body({ resources: [{ type: 'dashboard', id: 1 }] })],
        ['an unknown uuid', body({ resources: [{ type: 'dashboard', id: crypto.randomUUID() }] })],
        [
          'a dashboard id, not its embedding',
          body({ resources: [{ type: 'dashboard', id: String(f.dashboardA) }] }),
        ],
        ['a rule without clause', body({ rls: [{ dataset: f.sales }] })],
        ['an empty clause', body({ rls: [{ clause: '' }] })],
        ['a second statement', body({ rls: [{ clause: '1=1; DROP TABLE sales' }] })],
        ['a comment', body({ rls: [{ clause: "region = 'EU' --" }] })],
        ['a sub-query', body({ rls: [{ clause: 'id IN (SELECT id FROM sales)' }] })],
        ['a closing parenthesis', body({ rls: [{ clause: '1=1) OR (1=1' }] })],
        ['DML', body({ rls: [{ clause: 'DELETE FROM sales' }] })],
        ['a file read', body({ rls: [{ clause: "read_csv('/etc/passwd') IS NOT NULL" }] })],
        ['not SQL', body({ rls: [{ clause: 'region ==== ' }] })],
        ['a template', body({ rls: [{ clause: "region = '{{ current_username() }}'" }] })],
        ['an unknown dataset', body({ rls: [{ clause: '1=1', dataset: 999_999 }] })],
        ['a huge clause', body({ rls: [{ clause: `id IN (${'1,'.repeat(6000)}1)` }] })],
      ];
      for (const [name, payload] of cases) {
        const res = await grant('admin', payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      }
      const unknown = await grant(
        'admin',
        body({ resources: [{ type: 'dashboard', id: 'nope' }] }),
      );
      expect(unknown.json()).toEqual({ message: EMBEDDED_NOT_FOUND_MESSAGE });
    });

    it('is granted by the permission, not by being an admin', async () => {
      await grantToRole(f.t, 'Alpha', ['can_grant_guest_token', 'SecurityRestApi']);
      expect((await grant('alpha', body())).statusCode).toBe(200);
      const alpha = await securityRepository.getRoleByName(f.t.store.db, 'Alpha');
      await securityRepository.setRolePermissions(
        f.t.store.db,
        alpha?.id as number,
        BUILTIN_ROLES.Alpha ?? [],
        'replace',
      );
      expect((await grant('alpha', body())).statusCode).toBe(403);
    });

    it('refuses a token too long to send in a header', async () => {
      // Long but cheap to parse: a string literal.
      const clause = `region <> '${'x'.repeat(4_000)}'`;
      const res = await grant('admin', body({ rls: [{ clause }, { clause }] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/too long for a header \(at most 8192\)/);
    });

    it('accepts clauses for one dataset and for all', async () => {
      const res = await grant(
        'admin',
        body({
          resources: [
            { type: 'dashboard', id: f.embedA },
            { type: 'dashboard', id: f.embedB },
          ],
          rls: [
            { clause: "region = 'EU'", dataset: f.sales },
            { clause: 'amount > 1 OR amount IS NULL' },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('malformed input on every embedded route', () => {
    it('answers 4xx, never 5xx, and changes nothing', async () => {
      const t = f.t;
      const huge = 'x'.repeat(1_000_000);
      const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
      const bodies: unknown[] = [
        { allowed_domains: [huge] },
        `{"allowed_domains": ${deep}}`,
        { user: { username: huge }, resources: [], rls: [] },
        `{"user": {}, "resources": ${deep}, "rls": []}`,
        { user: {}, resources: [], rls: [{ clause: huge }] },
        { user: {}, resources: [], rls: Array.from({ length: 101 }, () => ({ clause: '1=1' })) },
        { user: {}, resources: [], rls: [{ clause: '1=1', dataset: 2 ** 40 }] },
        { user: {}, resources: [{ type: 'dashboard', id: huge }], rls: [] },
        'not json',
        [],
        null,
      ];
      const urls = [
        embeddedPath(f.dashboardA),
        embeddedPath(huge.slice(0, 5_000)),
        embeddedPath('%00'),
        '/api/v1/security/guest_token/',
      ];
      for (const url of urls) {
        for (const method of ['POST', 'PUT'] as const) {
          for (const body of bodies) {
            const res = await t.call('admin', {
              method,
              url,
              headers: { 'content-type': 'application/json' },
              payload: typeof body === 'string' ? body : JSON.stringify(body),
            });
            expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
            expect(
              res.statusCode,
              `${method} ${url.slice(0, 60)}: ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
          }
        }
      }
      for (const url of [
        `/api/v1/embedded_dashboard/${huge.slice(0, 5_000)}`,
        embeddedPath(2 ** 53),
        embeddedPath(-1),
      ]) {
        const res = await t.call('admin', { method: 'GET', url });
        expect(res.statusCode, url.slice(0, 60)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url.slice(0, 60)).toBeLessThan(500);
      }
      const read = await t.call('admin', { method: 'GET', url: embeddedPath(f.dashboardA) });
      expect(read.json().result.uuid).toBe(f.embedA);
    });
  });
});

describe('guest token settings', () => {
  it('are read from the environment, with Superset defaults', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tessera-guest-'));
    try {
      expect(loadConfig({ TESSERA_HOME: home }).guestToken).toEqual({
        secret: '',
        expSeconds: 300,
        audience: 'tessera',
        roleName: 'Public',
      });
      const set = loadConfig({
        TESSERA_HOME: home,
        TESSERA_GUEST_TOKEN_JWT_SECRET: 's3cret',
        TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS: '60',
        TESSERA_GUEST_TOKEN_JWT_AUDIENCE: 'https://bi.example',
        TESSERA_GUEST_ROLE_NAME: 'Embedded',
      }).guestToken;
      expect(set).toEqual({
        secret: 's3cret',
        expSeconds: 60,
        audience: 'https://bi.example',
        roleName: 'Embedded',
      });
      expect(() =>
        loadConfig({ TESSERA_HOME: home, TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS: '0' }),
      ).toThrow('TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS must be positive');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('with EMBEDDED_SUPERSET off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every embedded route answers 404, even to an admin', async () => {
    const board = await createDashboard(t, { dashboard_title: 'Not embeddable' });
    const calls = [
      { method: 'GET', url: embeddedPath(board) },
      { method: 'POST', url: embeddedPath(board), payload: { allowed_domains: [] } },
      { method: 'PUT', url: embeddedPath(board), payload: { allowed_domains: [] } },
      { method: 'DELETE', url: embeddedPath(board) },
      { method: 'GET', url: `/api/v1/embedded_dashboard/${crypto.randomUUID()}` },
      {
        method: 'POST',
        url: '/api/v1/security/guest_token/',
        payload: { user: {}, resources: [], rls: [] },
      },
    ] as const;
    for (const call of calls) {
      const res = await t.call('admin', call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(await t.store.db.selectFrom('embedded_dashboards').selectAll().execute()).toEqual([]);
  });

  it('a guest token is not read: the caller is anonymous', async () => {
    const board = await createDashboard(t, { dashboard_title: 'Guests not welcome' });
    const token = await new GuestTokens(t).sign({
      user: {},
      resources: [{ type: 'dashboard', id: crypto.randomUUID() }],
      rls: [],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dashboard/${board}`,
      headers: { 'x-guesttoken': token },
    });
    expect(res.statusCode).toBe(401);
  });
});
