import { createHash, randomBytes } from 'node:crypto';
import type { Role, RoleInput, User, UserCreate, UserUpdate } from '@tessera/shared/api/security';
import { badRequest, notFound, TesseraError, unprocessable } from '@tessera/shared/errors';
import type { PermissionPair, RolePermissions } from '@tessera/shared/permissions';
import type { AppContext } from '../context.ts';
import { deepFreeze } from '../platform/deepFreeze.ts';
import { nowIso } from '../platform/metadata/store.ts';
import { type Actor, type CurrentUser, requirePermission, requireUser } from './actor.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { PrincipalMemo } from './principalMemo.ts';
import { securityRepository as repo, type UserRow } from './repository.ts';
import { BUILTIN_ROLE_NAMES, OBJECT_GRANT_PERMISSIONS, PERMISSION_CATALOGUE } from './roles.ts';

export const INVALID_LOGIN = 'Invalid login. Please try again.';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later.';

/** The window of the per-account login throttle. */
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

/** A request's user without how it authenticated: what the principal memo shares. */
type Principal = Omit<CurrentUser, 'via'>;

/** What the memo keeps per user: the principal and the version its tokens must carry. */
interface Known {
  principal: Readonly<Principal>;
  credentialsVersion: number;
}

/** Rules of users, roles, logins and sessions. Routes stay thin: every permission check is here. */
export class SecurityService {
  // Every authenticated request needs its user and roles: read once per change (principalMemo.ts).
  private readonly principals: PrincipalMemo<number, Readonly<Known> | null>;
  private readonly publicRole: PrincipalMemo<'Public', Readonly<RolePermissions>>;
  private readonly throttle: LoginThrottle;

  constructor(private readonly ctx: AppContext) {
    this.principals = new PrincipalMemo(ctx.store.changes);
    this.publicRole = new PrincipalMemo(ctx.store.changes);
    this.throttle = new LoginThrottle(ctx.config.loginAccountLimit, ACCOUNT_WINDOW_MS);
  }

  private get db() {
    return this.ctx.store.db;
  }

  async authenticate(username: string, password: string): Promise<UserRow> {
    // Checked before the password: a locked account answers the same whatever is guessed.
    if (this.throttle.isLocked(username)) throw new TesseraError(429, TOO_MANY_LOGINS);
    const user = await repo.getUserByName(this.db, username);
    // Verify against a dummy hash when the user is unknown so timing does not reveal it.
    const ok = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
    if (!user || !ok || !user.active) {
      this.throttle.recordFailure(username);
      if (user) await repo.recordLogin(this.db, user.id, false);
      throw new TesseraError(401, INVALID_LOGIN);
    }
    this.throttle.recordSuccess(username);
    await repo.recordLogin(this.db, user.id, true);
    return user;
  }

  /** A new browser session; the cookie gets `id`, the store only its hash. */
  async createSession(userId: number): Promise<{ id: string; csrfToken: string; expires: Date }> {
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + this.ctx.config.sessionLifetimeSeconds * 1000);
    await repo.deleteExpiredSessions(this.db);
    await repo.insertSession(this.db, {
      id: sessionHash(id),
      user_id: userId,
      csrf_token: csrfToken,
      created_on: nowIso(),
      expires_on: expires.toISOString(),
    });
    return { id, csrfToken, expires };
  }

  async resolveSession(id: string): Promise<{ userId: number; csrfToken: string } | null> {
    // A cookie longer than any id we issue is not worth hashing.
    if (id.length > 128) return null;
    const session = await repo.getSession(this.db, sessionHash(id));
    if (!session || session.expires_on < nowIso()) return null;
    return { userId: session.user_id, csrfToken: session.csrf_token };
  }

  endSession(id: string): Promise<void> {
    if (id.length > 128) return Promise.resolve();
    return repo.deleteSession(this.db, sessionHash(id));
  }

  /** The request's user with roles, or null when unknown or deactivated. */
  async loadCurrentUser(userId: number, via: CurrentUser['via']): Promise<CurrentUser | null> {
    const known = await this.principals.get(userId, () => this.readPrincipal(userId));
    return known ? { ...known.principal, via } : null;
  }

  /**
   * The user a bearer token speaks for, or null when unknown, deactivated, or when the token
   * was issued under older credentials (the password changed since).
   */
  async loadTokenUser(claims: { userId: number; version: number }): Promise<CurrentUser | null> {
    const known = await this.principals.get(claims.userId, () => this.readPrincipal(claims.userId));
    if (!known || known.credentialsVersion !== claims.version) return null;
    return { ...known.principal, via: 'bearer' };
  }

  /** The version tokens issued to this user now must carry. */
  async credentialsVersion(userId: number): Promise<number> {
    const known = await this.principals.get(userId, () => this.readPrincipal(userId));
    return known?.credentialsVersion ?? 0;
  }

  private async readPrincipal(userId: number): Promise<Readonly<Known> | null> {
    const user = await repo.getUser(this.db, userId);
    if (!user?.active) return null;
    const roles = await repo.rolePermissionsOfUser(this.db, userId);
    return deepFreeze({
      principal: {
        id: user.id,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        roles,
      },
      credentialsVersion: Number(user.credentials_version),
    });
  }

  publicRoles(): Promise<Readonly<RolePermissions>> {
    return this.publicRole.get('Public', async () =>
      deepFreeze(await repo.rolePermissionsByName(this.db, 'Public')),
    );
  }

  // ---- the caller ----------------------------------------------------------------------------

  /** `GET /api/v1/me/`: the signed-in user, or 401. */
  me(actor: Actor) {
    const user = requireUser(actor);
    return {
      id: user.id,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      is_active: true,
      is_anonymous: false,
    };
  }

  /** `GET /api/v1/me/roles/`: the signed-in user's roles and object grants, or 401. */
  myRoles(actor: Actor) {
    const user = requireUser(actor);
    const grants = (name: string) =>
      Object.values(user.roles).flatMap((pairs) =>
        pairs.filter(([p]) => p === name).map(([, v]) => v),
      );
    return {
      roles: Object.fromEntries(
        Object.entries(user.roles).map(([role, pairs]) => [
          role,
          pairs.map(([p, v]) => [p, v] as [string, string]),
        ]),
      ),
      permissions: {
        database_access: grants('database_access'),
        datasource_access: grants('datasource_access'),
      },
    };
  }

  // ---- users -------------------------------------------------------------------------------

  async listUsers(actor: Actor): Promise<User[]> {
    requirePermission(actor, 'can_read', 'User');
    const users = await repo.listUsers(this.db);
    const roles = await repo.userRoles(
      this.db,
      users.map((u) => u.id),
    );
    return users.map((u) => toUser(u, roles.get(u.id) ?? []));
  }

  async getUser(actor: Actor, id: number): Promise<User> {
    requirePermission(actor, 'can_read', 'User');
    return this.readUser(id);
  }

  private async readUser(id: number): Promise<User> {
    const user = await repo.getUser(this.db, id);
    if (!user) throw notFound();
    const roles = await repo.userRoles(this.db, [id]);
    return toUser(user, roles.get(id) ?? []);
  }

  async createUser(actor: Actor, input: UserCreate): Promise<User> {
    requirePermission(actor, 'can_write', 'User');
    const id = await this.db.transaction().execute(async (tx) => {
      await assertNoClash(tx, input.username, input.email);
      await assertRolesExist(tx, input.roles);
      const newId = await repo.insertUser(tx, {
        username: input.username,
        first_name: input.first_name,
        last_name: input.last_name ?? '',
        email: input.email,
        password_hash: await hashPassword(input.password),
        active: input.active === false ? 0 : 1,
      });
      await repo.setUserRoles(tx, newId, input.roles);
      return newId;
    });
    return this.readUser(id);
  }

  /** Changes only the fields sent: a field left out keeps its value. */
  async updateUser(actor: Actor, id: number, input: UserUpdate): Promise<User> {
    requirePermission(actor, 'can_write', 'User');
    const existing = await repo.getUser(this.db, id);
    if (!existing) throw notFound();
    if (id === actor.user?.id && input.active === false) {
      throw unprocessable('You cannot deactivate your own account', {
        fields: { active: ['You cannot deactivate your own account'] },
      });
    }
    await this.db.transaction().execute(async (tx) => {
      await assertNoClash(
        tx,
        input.username ?? existing.username,
        input.email ?? existing.email,
        id,
      );
      const fields: Record<string, unknown> = {};
      for (const key of ['username', 'first_name', 'last_name', 'email'] as const) {
        if (input[key] !== undefined) fields[key] = input[key];
      }
      if (input.active !== undefined) fields.active = input.active ? 1 : 0;
      // A new password also revokes the user's tokens and sessions (repository.updateUser).
      if (input.password !== undefined) fields.password_hash = await hashPassword(input.password);
      await repo.updateUser(tx, id, fields);
      if (input.roles !== undefined) {
        await assertRolesExist(tx, input.roles);
        await repo.setUserRoles(tx, id, input.roles);
      }
      if (input.active === false) await repo.deleteSessionsOfUser(tx, id);
    });
    return this.readUser(id);
  }

  async deleteUser(actor: Actor, id: number): Promise<void> {
    requirePermission(actor, 'can_write', 'User');
    if (id === actor.user?.id) throw unprocessable('You cannot delete your own account');
    const existing = await repo.getUser(this.db, id);
    if (!existing) throw notFound();
    await repo.deleteUser(this.db, id);
  }

  // ---- roles -------------------------------------------------------------------------------

  async listRoles(actor: Actor): Promise<Role[]> {
    requirePermission(actor, 'can_read', 'Role');
    return this.readRoles();
  }

  private async readRoles(): Promise<Role[]> {
    const roles = await repo.listRoles(this.db);
    const perms = await repo.permissionsOfRoles(this.db, roles);
    const counts = await repo.userCountsByRole(this.db);
    return roles.map((r) => ({
      id: r.id,
      name: r.name,
      permissions: (perms[r.name] ?? []).map(([p, v]) => [p, v] as [string, string]),
      user_count: counts.get(r.id) ?? 0,
      builtin: BUILTIN_ROLE_NAMES.includes(r.name),
    }));
  }

  async getRole(actor: Actor, id: number): Promise<Role> {
    requirePermission(actor, 'can_read', 'Role');
    return this.readRole(id);
  }

  private async readRole(id: number): Promise<Role> {
    const role = (await this.readRoles()).find((r) => r.id === id);
    if (!role) throw notFound();
    return role;
  }

  async createRole(actor: Actor, input: RoleInput): Promise<Role> {
    requirePermission(actor, 'can_write', 'Role');
    const id = await this.db.transaction().execute(async (tx) => {
      if (await repo.getRoleByName(tx, input.name)) throw roleExists();
      const roleId = await repo.insertRole(tx, input.name);
      await repo.setRolePermissions(tx, roleId, validatePairs(input.permissions ?? []), 'replace');
      return roleId;
    });
    return this.readRole(id);
  }

  async updateRole(actor: Actor, id: number, input: Partial<RoleInput>): Promise<Role> {
    requirePermission(actor, 'can_write', 'Role');
    const role = await repo.getRole(this.db, id);
    if (!role) throw notFound();
    await this.db.transaction().execute(async (tx) => {
      if (input.name !== undefined && input.name !== role.name) {
        if (BUILTIN_ROLE_NAMES.includes(role.name)) {
          throw unprocessable(`The built-in role ${role.name} cannot be renamed`);
        }
        if (await repo.getRoleByName(tx, input.name)) throw roleExists();
        await repo.renameRole(tx, id, input.name);
      }
      if (input.permissions !== undefined) {
        await repo.setRolePermissions(tx, id, validatePairs(input.permissions), 'replace');
      }
    });
    return this.readRole(id);
  }

  async deleteRole(actor: Actor, id: number): Promise<void> {
    requirePermission(actor, 'can_write', 'Role');
    const role = await repo.getRole(this.db, id);
    if (!role) throw notFound();
    if (BUILTIN_ROLE_NAMES.includes(role.name)) {
      throw unprocessable(`The built-in role ${role.name} cannot be deleted`);
    }
    await repo.deleteRole(this.db, id);
  }

  /** Every grantable pair: the catalogue, pairs already stored, and access to each database. */
  async listPermissions(actor: Actor): Promise<PermissionPair[]> {
    requirePermission(actor, 'can_read', 'Role');
    const stored = await repo.listPermissionViews(this.db);
    const all = new Map<string, PermissionPair>();
    for (const pair of [...PERMISSION_CATALOGUE, ...stored])
      all.set(`${pair[0]}\u0000${pair[1]}`, pair);
    return [...all.values()].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
  }
}

/** What the store keeps of a session id: its SHA-256, so a reader of the store gains no session. */
function sessionHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

// A real argon2id hash of a random string, so unknown users cost the same as known ones.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Zjj2G+StjTg1ZciNQwTMEQ$exARC+v/ssWMe0X/VPv5at5UOixXtvnGRZWBSTWjxXs';

function roleExists() {
  return unprocessable('A role with this name already exists', {
    fields: { name: ['A role with this name already exists'] },
  });
}

function validatePairs(pairs: ReadonlyArray<readonly [string, string]>): PermissionPair[] {
  const known = new Set(PERMISSION_CATALOGUE.map(([p, v]) => `${p}\u0000${v}`));
  for (const [permission, view] of pairs) {
    const isObjectGrant =
      (OBJECT_GRANT_PERMISSIONS as readonly string[]).includes(permission) && /^\[.+\]/.test(view);
    if (!isObjectGrant && !known.has(`${permission}\u0000${view}`)) {
      throw badRequest(`Unknown permission ${permission} on ${view}`, {
        fields: { permissions: [`Unknown permission ${permission} on ${view}`] },
      });
    }
  }
  return pairs.map(([p, v]) => [p, v] as const);
}

async function assertNoClash(
  db: AppContext['store']['db'],
  username: string,
  email: string,
  exceptId?: number,
) {
  const clash = await repo.findUserClash(db, username, email, exceptId);
  if (!clash) return;
  const field = clash.username === username ? 'username' : 'email';
  const message =
    field === 'username'
      ? 'A user with this username already exists'
      : 'A user with this email already exists';
  throw unprocessable(message, { fields: { [field]: [message] } });
}

async function assertRolesExist(db: AppContext['store']['db'], roleIds: number[]) {
  const known = new Set((await repo.listRoles(db)).map((r) => r.id));
  const unknown = roleIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(`Unknown role id ${unknown.join(', ')}`, {
      fields: { roles: [`Unknown role id ${unknown.join(', ')}`] },
    });
  }
}

function toUser(u: UserRow, roles: Array<{ id: number; name: string }>): User {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    active: Boolean(u.active),
    roles,
    last_login: u.last_login,
    login_count: Number(u.login_count),
    created_on: u.created_on,
    changed_on: u.changed_on,
  };
}
