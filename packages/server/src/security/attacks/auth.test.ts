import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { storeKinds } from '../../testing/stores.ts';

/**
 * Attacks on who-is-calling (issue 21 items 1, 7, 9, 14), each performed through the API and
 * seen refused with Superset's envelope.
 */

type Json = Record<string, unknown>;

async function tokenLogin(t: TestApp, username: string, password = TEST_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/security/login',
    payload: { username, password, provider: 'db', refresh: true },
  });
  return res;
}

async function browserLogin(t: TestApp, username: string, password = TEST_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/login/', payload: { username, password } });
}

async function newUser(t: TestApp, username: string, extra: Json = {}): Promise<number> {
  const roles = (
    await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' })
  ).json() as { result: Array<{ id: number; name: string }> };
  const gamma = roles.result.find((r) => r.name === 'Gamma')?.id;
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/security/users/',
    payload: {
      username,
      first_name: 'First',
      last_name: 'Last',
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      roles: [gamma],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Signs claims with the key the test app's TokenIssuer derives from its secret. */
function forge(secret: string, claims: Json, at: (jwt: SignJWT) => SignJWT): Promise<string> {
  const key = createHash('sha256').update(`tessera-jwt:${secret}`).digest();
  return at(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' })).sign(key);
}

describe.each(storeKinds())('attacks on users, tokens and sessions (%s store)', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ store, config: { loginAccountLimit: 1000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('editing only the e-mail of a deactivated user neither reactivates it nor clears its last name', async () => {
    const id = await newUser(t, 'dormant', { active: false });
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/security/users/${id}`,
      payload: { email: 'dormant.new@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: { email: 'dormant.new@example.com', active: false, last_name: 'Last' },
    });
    expect((await tokenLogin(t, 'dormant')).statusCode).toBe(401);
  });

  it("a new password revokes the user's access and refresh tokens and browser sessions", async () => {
    await newUser(t, 'changer');
    const tokens = (await tokenLogin(t, 'changer')).json() as {
      access_token: string;
      refresh_token: string;
    };
    const session = await browserLogin(t, 'changer');
    const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/me/', headers });
    expect((await me({ authorization: `Bearer ${tokens.access_token}` })).statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(200);

    const users = (
      await t.call('admin', { method: 'GET', url: '/api/v1/security/users/' })
    ).json() as { result: Array<{ id: number; username: string }> };
    const id = users.result.find((u) => u.username === 'changer')?.id;
    const changed = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/security/users/${id}`,
      payload: { password: 'a brand new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const stale = await me({ authorization: `Bearer ${tokens.access_token}` });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Not authorized' });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${tokens.refresh_token}` },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await me({ cookie })).statusCode).toBe(401);
    // The new password works, and its tokens do.
    const fresh = (await tokenLogin(t, 'changer', 'a brand new password')).json() as {
      access_token: string;
    };
    expect((await me({ authorization: `Bearer ${fresh.access_token}` })).statusCode).toBe(200);
  });

  it('refuses a correctly signed token without exp, or issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { type: 'access', ver: 0 };
    const noExp = await forge(t.config.secretKey, claims, (j) =>
      j.setSubject('1').setIssuedAt(now),
    );
    const future = await forge(t.config.secretKey, claims, (j) =>
      j
        .setSubject('1')
        .setIssuedAt(now + 24 * 3600)
        .setExpirationTime(now + 48 * 3600),
    );
    for (const token of [noExp, future]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authorized' });
    }
  });

  it('keeps only a hash of session ids: the stored value is no session', async () => {
    const login = await browserLogin(t, 'gamma');
    const id = login.cookies.find((c) => c.name === 'session')?.value ?? '';
    const rows = await t.store.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(id);
    const stored = createHash('sha256').update(id).digest('hex');
    expect(rows.map((r) => r.id)).toContain(stored);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { cookie: `session=${stored}` },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('attacks on the login budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { loginRateLimit: 4, loginAccountLimit: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the browser and the API logins share one budget per address', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    const tries = [
      { method: 'POST' as const, url: '/login/', payload: { username: 'x1', password: 'bad' } },
      {
        method: 'POST' as const,
        url: '/api/v1/security/login',
        payload: { username: 'x2', password: 'bad', provider: 'db' },
      },
    ];
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const attempt = tries[i % 2] as (typeof tries)[number];
      answers.push((await t.app.inject({ ...attempt, ...from })).statusCode);
    }
    expect(answers.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(answers.slice(4)).toEqual([429, 429]);
  });

  it('an account refuses logins, even the right password, after failures from many addresses', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'alpha', password: `guess-${i}`, provider: 'db' },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username: 'alpha', password: TEST_PASSWORD },
      remoteAddress: '198.51.100.200',
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      message: 'Too many failed login attempts. Please try again later.',
    });
    // Another account is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username: 'gamma', password: TEST_PASSWORD },
      remoteAddress: '198.51.100.201',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('anonymous callers are refused before their input is read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DELETE /api/v1/dataset/?q=!() without signing in answers 401', async () => {
    const res = await t.call('anonymous', { method: 'DELETE', url: '/api/v1/dataset/?q=!()' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authorized' });
  });

  it('malformed input from an anonymous caller gets 401, not 400', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/v1/chart/?q=(((' },
      { method: 'POST' as const, url: '/api/v1/chart/', payload: '{"broken' },
      { method: 'PUT' as const, url: '/api/v1/dashboard/not-a-number', payload: { x: 1 } },
      { method: 'POST' as const, url: '/api/v1/sqllab/execute/', payload: [] },
    ];
    for (const c of cases) {
      const res = await t.call('anonymous', {
        ...c,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
    }
  });

  it('the ways in and the public pages still answer anonymous callers', async () => {
    expect((await t.call('anonymous', { method: 'GET', url: '/health' })).statusCode).toBe(200);
    const csrf = await t.call('anonymous', { method: 'GET', url: '/api/v1/security/csrf_token/' });
    expect(csrf.statusCode).toBe(200);
    const bootstrap = await t.call('anonymous', { method: 'GET', url: '/api/v1/bootstrap/' });
    expect(bootstrap.statusCode).toBe(200);
    const page = await t.call('anonymous', { method: 'GET', url: '/dashboard/list/' });
    expect([302, 503]).toContain(page.statusCode);
    expect((await browserLogin(t, 'gamma')).statusCode).toBe(200);
  });

  it('what the Public role grants stays reachable without signing in', async () => {
    const roles = (
      await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' })
    ).json() as { result: Array<{ id: number; name: string }> };
    const publicId = roles.result.find((r) => r.name === 'Public')?.id;
    const grant = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/security/roles/${publicId}`,
      payload: { permissions: [['can_read', 'Dashboard']] },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const list = await t.call('anonymous', { method: 'GET', url: '/api/v1/dashboard/' });
    expect(list.statusCode, list.body).toBe(200);
    const write = await t.call('anonymous', {
      method: 'POST',
      url: '/api/v1/dashboard/',
      payload: { dashboard_title: 'by a stranger' },
    });
    expect(write.statusCode).toBe(401);
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/security/roles/${publicId}`,
      payload: { permissions: [] },
    });
  });

  it('a bad rison q goes to the log, never to stdout', async () => {
    const stdout = vi.spyOn(console, 'log');
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/dashboard/?q=(a:!(' });
    expect(res.statusCode).toBe(400);
    expect(stdout).not.toHaveBeenCalled();
    stdout.mockRestore();
  });
});
