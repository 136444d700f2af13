import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

describe.each(storeKinds())('security API on the %s metadata store', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ store });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('browser login', () => {
    it('sets an httpOnly session cookie and answers who logged in', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'admin', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: { username: 'admin' } });
      const cookie = res.cookies.find((c) => c.name === 'session');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
    });

    it('refuses a wrong password with a message a person understands', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'admin', password: 'nope' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid login. Please try again.' });
    });

    it('refuses an unknown user the same way', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'nobody', password: 'x' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid login. Please try again.' });
    });

    it('answers 400 with the field problems for a body missing fields', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'admin' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: { password: ['Missing data for required field.'] } });
    });

    it('answers 400 for malformed JSON without a stack trace', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login/',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
    });

    it('refuses a login posted from another site', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login/',
        headers: { origin: 'https://evil.example', host: 'localhost:8088' },
        payload: { username: 'admin', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
    });

    it('logging out ends the session', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'gamma', password: TEST_PASSWORD },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { cookie } })).statusCode,
      ).toBe(200);
      const out = await t.app.inject({ method: 'GET', url: '/logout/', headers: { cookie } });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/login/');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { cookie } })).statusCode,
      ).toBe(401);
    });
  });

  describe('CSRF', () => {
    it('refuses a mutating session call without the token', async () => {
      const { cookie } = await t.session('admin');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/roles/',
        headers: { cookie },
        payload: { name: 'no-csrf' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The CSRF token is missing.' });
    });

    it('refuses a wrong token', async () => {
      const { cookie } = await t.session('admin');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/roles/',
        headers: { cookie, 'x-csrftoken': 'forged' },
        payload: { name: 'bad-csrf' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The CSRF token is invalid.' });
    });

    it('needs no token with a bearer token', async () => {
      const headers = await t.bearer('admin');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/roles/',
        headers,
        payload: { name: 'via-bearer' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('API tokens', () => {
    it('logs in with provider db and refreshes the access token', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'alpha', password: TEST_PASSWORD, provider: 'db', refresh: true },
      });
      expect(login.statusCode).toBe(200);
      const { access_token, refresh_token } = login.json() as {
        access_token: string;
        refresh_token: string;
      };
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(me.json()).toMatchObject({ result: { username: 'alpha', is_anonymous: false } });
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/refresh',
        headers: { authorization: `Bearer ${refresh_token}` },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toHaveProperty('access_token');
    });

    it('does not accept a refresh token as an access token', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'alpha', password: TEST_PASSWORD, provider: 'db', refresh: true },
      });
      const { refresh_token } = login.json() as { refresh_token: string };
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${refresh_token}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('answers 401 Not authorized for bad credentials', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'alpha', password: 'wrong', provider: 'db' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authorized' });
    });

    it('refuses an unknown provider', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'alpha', password: TEST_PASSWORD, provider: 'ldap' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('me', () => {
    it('answers 401 to anonymous callers', async () => {
      const res = await t.call('anonymous', { method: 'GET', url: '/api/v1/me/' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authorized' });
    });

    it('lists roles as permission-view pairs', async () => {
      const res = await t.call('sqllab', { method: 'GET', url: '/api/v1/me/roles/' });
      const roles = (res.json() as { result: { roles: Record<string, string[][]> } }).result.roles;
      expect(Object.keys(roles)).toEqual(['sql_lab']);
      expect(roles.sql_lab).toContainEqual(['can_execute_sql_query', 'SQLLab']);
    });
  });

  describe('user administration', () => {
    it('creates, edits, deactivates and deletes a user', async () => {
      const roles = (
        await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' })
      ).json() as {
        result: Array<{ id: number; name: string }>;
      };
      const gammaRole = roles.result.find((r) => r.name === 'Gamma');
      const created = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/users/',
        payload: {
          username: 'ana',
          first_name: 'Ana',
          last_name: 'Lyst',
          email: 'ana@example.com',
          password: 'longenough',
          roles: [gammaRole?.id],
        },
      });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as { id: number }).id;

      const login = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'ana', password: 'longenough' },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

      const off = await t.call('admin', {
        method: 'PUT',
        url: `/api/v1/security/users/${id}`,
        payload: { active: false },
      });
      expect(off.json()).toMatchObject({ result: { active: false } });
      // Deactivation ends the user's sessions and refuses new logins.
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { cookie } })).statusCode,
      ).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'ana', password: 'longenough' },
      });
      expect(again.statusCode).toBe(401);

      const del = await t.call('admin', { method: 'DELETE', url: `/api/v1/security/users/${id}` });
      expect(del.json()).toEqual({ message: 'OK' });
      expect(
        (await t.call('admin', { method: 'GET', url: `/api/v1/security/users/${id}` })).statusCode,
      ).toBe(404);
    });

    it('refuses a duplicate username with 422 and the field', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/users/',
        payload: {
          username: 'gamma',
          first_name: 'G',
          email: 'other@example.com',
          password: 'longenough',
          roles: [1],
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: { username: ['A user with this username already exists'] },
      });
    });

    it('validates email, password length and roles', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/users/',
        payload: {
          username: 'x',
          first_name: 'X',
          email: 'not-an-email',
          password: 'short',
          roles: [],
        },
      });
      expect(res.statusCode).toBe(400);
      const message = (res.json() as { message: Record<string, string[]> }).message;
      expect(message.email).toEqual(['Not a valid email address']);
      expect(message.password).toEqual(['Password must be at least 8 characters']);
      expect(message.roles).toEqual(['A user needs at least one role']);
    });

    it('answers 404 for an unknown user and 400 for a non-numeric id', async () => {
      expect(
        (await t.call('admin', { method: 'GET', url: '/api/v1/security/users/99999' })).statusCode,
      ).toBe(404);
      expect(
        (await t.call('admin', { method: 'GET', url: '/api/v1/security/users/abc' })).statusCode,
      ).toBe(400);
    });

    it('answers 400, never 500, for user and role ids past 32 bits', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/security/users/2147483648'],
        ['DELETE', '/api/v1/security/users/2147483648'],
        ['GET', '/api/v1/security/roles/2147483648'],
        ['DELETE', '/api/v1/security/roles/2147483648'],
      ] as const) {
        const res = await t.call('admin', { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json()).toEqual({
          message: { pk: ['Too big: expected number to be <=2147483647'] },
        });
      }
    });

    it('answers a NUL character in a login or a user name without a 500', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'admin\u0000', password: TEST_PASSWORD, provider: 'db' },
      });
      const created = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/users/',
        payload: {
          username: 'nul\u0000user',
          first_name: 'Nul',
          email: 'nul@example.com',
          password: TEST_PASSWORD,
          roles: [1],
        },
      });
      // SQLite stores a NUL character; PostgreSQL refuses it, which is still the caller's input.
      if (store === 'postgres') {
        const refused = {
          message: 'Invalid input: a value is too long, out of range or contains a NUL character',
        };
        expect(login.statusCode).toBe(400);
        expect(login.json()).toEqual(refused);
        expect(created.statusCode).toBe(400);
        expect(created.json()).toEqual(refused);
      } else {
        expect(login.statusCode).toBe(401);
        expect(created.statusCode).toBe(201);
        await t.call('admin', {
          method: 'DELETE',
          url: `/api/v1/security/users/${created.json().id}`,
        });
      }
    });

    it('keeps users administration for admins', async () => {
      for (const caller of ['alpha', 'gamma', 'sqllab'] as const) {
        expect(
          (await t.call(caller, { method: 'GET', url: '/api/v1/security/users/' })).statusCode,
        ).toBe(403);
      }
      expect(
        (await t.call('anonymous', { method: 'GET', url: '/api/v1/security/users/' })).statusCode,
      ).toBe(401);
    });

    it('does not let an admin deactivate their own account', async () => {
      const me = (await t.call('admin', { method: 'GET', url: '/api/v1/me/' })).json() as {
        result: { id: number };
      };
      const res = await t.call('admin', {
        method: 'PUT',
        url: `/api/v1/security/users/${me.result.id}`,
        payload: { active: false },
      });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('role administration', () => {
    it('creates a role with an object grant and a catalogue pair', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/roles/',
        payload: {
          name: 'analysts',
          permissions: [
            ['can_read', 'Dashboard'],
            ['database_access', '[examples].(id:1)'],
          ],
        },
      });
      expect(res.statusCode).toBe(201);
      const role = (res.json() as { result: { permissions: string[][]; builtin: boolean } }).result;
      expect(role.permissions).toContainEqual(['database_access', '[examples].(id:1)']);
      expect(role.builtin).toBe(false);
    });

    it('refuses a view name longer than the store keeps with the field', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/roles/',
        payload: { name: 'long view', permissions: [['database_access', `[${'x'.repeat(300)}]`]] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { 'permissions.0.1': ['Too big: expected string to have <=255 characters'] },
      });
    });

    it('refuses unknown permission pairs', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/security/roles/',
        payload: { name: 'bogus', permissions: [['can_fly', 'Dashboard']] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { permissions: ['Unknown permission can_fly on Dashboard'] },
      });
    });

    it('keeps built-in roles from being deleted or renamed', async () => {
      const roles = (
        await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' })
      ).json() as {
        result: Array<{ id: number; name: string }>;
      };
      const gamma = roles.result.find((r) => r.name === 'Gamma');
      expect(
        (await t.call('admin', { method: 'DELETE', url: `/api/v1/security/roles/${gamma?.id}` }))
          .statusCode,
      ).toBe(422);
      expect(
        (
          await t.call('admin', {
            method: 'PUT',
            url: `/api/v1/security/roles/${gamma?.id}`,
            payload: { name: 'Gamma2' },
          })
        ).statusCode,
      ).toBe(422);
    });

    it('lists every grantable permission', async () => {
      const res = await t.call('admin', { method: 'GET', url: '/api/v1/security/permissions/' });
      expect((res.json() as { result: string[][] }).result).toContainEqual([
        'can_write',
        'Dashboard',
      ]);
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { loginRateLimit: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 once an address has used its login attempts for the minute', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/login/',
        payload: { username: 'admin', password: 'guess' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty('message');
    // The API login draws on the same budget: no second set of guesses through another door.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'admin', password: TEST_PASSWORD, provider: 'db' },
    });
    expect(api.statusCode).toBe(429);
    expect(api.headers['retry-after']).toBeDefined();
  });
});
