import { TesseraError } from '@tessera/shared/errors';
import type { RolePermissions } from '@tessera/shared/permissions';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../context.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import {
  type Actor,
  actsAsAdmin,
  anonymousActor,
  auditUserId,
  type CurrentUser,
  guestActor,
  requireAdmin,
  requirePermission,
  requireUser,
  systemActor,
  userActor,
} from './actor.ts';
import { BUILTIN_ROLES } from './roles.ts';
import { SecurityService } from './service.ts';

/**
 * The four kinds of actor, through the permission helpers and through a real service without
 * HTTP: what each may read and write, and what audit columns record for it.
 */

const setting = { baseUrl: 'http://tessera.test', log: pino({ level: 'silent' }) };
const rolesNamed = (...names: string[]): RolePermissions =>
  Object.fromEntries(names.map((n) => [n, BUILTIN_ROLES[n] ?? []]));

const user = (id: number, roleNames: string[]): CurrentUser => ({
  id,
  username: `user${id}`,
  first_name: 'U',
  last_name: String(id),
  email: `user${id}@example.com`,
  roles: rolesNamed(...roleNames),
  via: 'job',
});

const grant = {
  user: { username: 'guest', first_name: 'Guest', last_name: 'User' },
  resources: [{ type: 'dashboard' as const, id: '1' }],
  rls: [],
};

/** The status a check answers with, or 'ok'. */
function outcome(check: () => unknown): number | 'ok' {
  try {
    check();
    return 'ok';
  } catch (error) {
    if (error instanceof TesseraError) return error.status;
    throw error;
  }
}

describe('actor permission rules', () => {
  it('a user acts with its own roles', () => {
    const gamma = userActor(user(5, ['Gamma']), setting);
    expect(gamma.kind).toBe('user');
    expect(outcome(() => requirePermission(gamma, 'can_read', 'Dashboard'))).toBe('ok');
    expect(outcome(() => requirePermission(gamma, 'can_write', 'User'))).toBe(403);
    expect(outcome(() => requireAdmin(gamma))).toBe(403);
    expect(requireUser(gamma).id).toBe(5);
    expect(auditUserId(gamma)).toBe(5);
    expect(actsAsAdmin(userActor(user(1, ['Admin']), setting))).toBe(true);
  });

  it('an anonymous caller has the Public role, and 401 for anything else', () => {
    const none = anonymousActor({}, setting);
    expect(outcome(() => requirePermission(none, 'can_read', 'Dashboard'))).toBe(401);
    expect(outcome(() => requireUser(none))).toBe(401);
    const granted = anonymousActor({ Public: [['can_read', 'Dashboard']] }, setting);
    expect(outcome(() => requirePermission(granted, 'can_read', 'Dashboard'))).toBe('ok');
    expect(outcome(() => requirePermission(granted, 'can_write', 'Dashboard'))).toBe(401);
    expect(auditUserId(granted)).toBeNull();
  });

  it('a guest reads what its role grants and is refused every write, whatever its role', () => {
    // Even a guest role as wide as Admin's may not write.
    const guest = guestActor(grant, rolesNamed('Admin'), setting);
    expect(guest.user).toBeNull();
    expect(outcome(() => requirePermission(guest, 'can_read', 'Dashboard'))).toBe('ok');
    expect(outcome(() => requirePermission(guest, 'can_read', 'Chart'))).toBe('ok');
    for (const write of ['can_write', 'can_export', 'can_sqllab', 'can_copy_dashboard']) {
      expect(outcome(() => requirePermission(guest, write, 'Dashboard'))).toBe(403);
    }
    expect(actsAsAdmin(guest)).toBe(false);
    const narrow = guestActor(grant, { Guest: [['can_read', 'Dashboard']] }, setting);
    expect(outcome(() => requirePermission(narrow, 'can_read', 'Dashboard'))).toBe('ok');
    expect(outcome(() => requirePermission(narrow, 'can_read', 'Database'))).toBe(403);
    expect(outcome(() => requireUser(narrow))).toBe(401);
    expect(auditUserId(narrow)).toBeNull();
  });

  it('the system acts as Admin with no user', () => {
    const system = systemActor(setting);
    expect(system.user).toBeNull();
    expect(actsAsAdmin(system)).toBe(true);
    expect(outcome(() => requirePermission(system, 'can_write', 'User'))).toBe('ok');
    expect(auditUserId(system)).toBeNull();
  });
});

describe('actors through the security service, without HTTP', () => {
  let t: TestApp;
  let service: SecurityService;
  let gammaRoleId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const ctx = createContext({ config: t.config, store: t.store, logger: t.app.log });
    service = new SecurityService(ctx);
    const roles = await service.listRoles(systemActor(setting));
    gammaRoleId = roles.find((r) => r.name === 'Gamma')?.id ?? 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = (name: string) => ({
    username: name,
    first_name: 'New',
    last_name: 'User',
    email: `${name}@example.com`,
    password: 'long enough password',
    active: true,
    roles: [gammaRoleId],
  });
  const statusOf = (work: Promise<unknown>) =>
    work.then(
      () => 'ok' as const,
      (error: unknown) => (error instanceof TesseraError ? error.status : Promise.reject(error)),
    );

  it('the system creates, edits and deletes a user', async () => {
    const system = systemActor(setting);
    const created = await service.createUser(system, newUser('made_by_system'));
    const updated = await service.updateUser(system, created.id, { first_name: 'Edited' });
    expect(updated).toMatchObject({ first_name: 'Edited', last_name: 'User', active: true });
    await service.deleteUser(system, created.id);
    expect(await statusOf(service.getUser(system, created.id))).toBe(404);
  });

  it('a guest reads users only when its role grants it, and never writes', async () => {
    const reader: Actor = guestActor(grant, rolesNamed('Admin'), setting);
    expect(await statusOf(service.listUsers(reader))).toBe('ok');
    expect(await statusOf(service.createUser(reader, newUser('made_by_guest')))).toBe(403);
    const narrow: Actor = guestActor(grant, { Guest: [['can_read', 'Dashboard']] }, setting);
    expect(await statusOf(service.listUsers(narrow))).toBe(403);
  });

  it('anonymous callers get 401 and users without the grant 403', async () => {
    expect(await statusOf(service.listRoles(anonymousActor({}, setting)))).toBe(401);
    const gamma = userActor(user(999, ['Gamma']), setting);
    expect(await statusOf(service.createRole(gamma, { name: 'x', permissions: [] }))).toBe(403);
  });
});
