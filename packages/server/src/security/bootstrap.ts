import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { hashPassword } from './passwords.ts';
import { securityRepository as repo } from './repository.ts';
import { BUILTIN_ROLES } from './roles.ts';

type Ctx = Pick<AppContext, 'store'>;

/**
 * Creates the built-in roles and adds any pairs they lack (an admin's additions are kept), then
 * creates the first admin when no user exists. Idempotent: run on every start.
 */
export async function ensureRolesAndAdmin(
  ctx: Ctx,
  admin: { username: string; password: string | null },
): Promise<{ created: boolean; username: string; password?: string }> {
  return ctx.store.db.transaction().execute(async (tx) => {
    for (const [name, pairs] of Object.entries(BUILTIN_ROLES)) {
      const role = await repo.getRoleByName(tx, name);
      const id = role ? role.id : await repo.insertRole(tx, name);
      await repo.setRolePermissions(tx, id, pairs, 'add');
    }
    if ((await repo.countUsers(tx)) > 0) return { created: false, username: admin.username };
    const password = admin.password ?? randomBytes(12).toString('base64url');
    const adminRole = await repo.getRoleByName(tx, 'Admin');
    const userId = await repo.insertUser(tx, {
      username: admin.username,
      first_name: 'Admin',
      last_name: 'User',
      email: `${admin.username}@tessera.local`,
      password_hash: await hashPassword(password),
      active: 1,
    });
    await repo.setUserRoles(tx, userId, adminRole ? [adminRole.id] : []);
    return { created: true, username: admin.username, ...(admin.password ? {} : { password }) };
  });
}

export interface NewUser {
  username: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  roles: string[];
}

/** Creates a user with roles by name (the CLI's create-admin and the test harness use it). */
export async function createUser(ctx: Ctx, user: NewUser): Promise<number> {
  return ctx.store.db.transaction().execute(async (tx) => {
    if (await repo.getUserByName(tx, user.username)) {
      throw new Error(`A user named "${user.username}" already exists`);
    }
    const roleIds: number[] = [];
    for (const name of user.roles) {
      const role = await repo.getRoleByName(tx, name);
      if (!role) throw new Error(`Unknown role "${name}"`);
      roleIds.push(role.id);
    }
    const id = await repo.insertUser(tx, {
      username: user.username,
      first_name: user.firstName ?? user.username,
      last_name: user.lastName ?? '',
      email: user.email ?? `${user.username}@tessera.local`,
      password_hash: await hashPassword(user.password),
      active: 1,
    });
    await repo.setUserRoles(tx, id, roleIds);
    return id;
  });
}
