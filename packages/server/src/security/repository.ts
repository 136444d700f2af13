import type { PermissionPair, RolePermissions } from '@tessera/shared/permissions';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { nowIso } from '../platform/metadata/store.ts';
import type { DbSession, DbUser, MetadataTables } from '../platform/metadata/tables.ts';

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;
export type UserRow = Selectable<DbUser>;

/** The only SQL against users, roles, permissions and sessions. */
export const securityRepository = {
  async countUsers(db: Db): Promise<number> {
    const row = await db
      .selectFrom('ab_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  getUser(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('ab_user').selectAll().where('id', '=', id).executeTakeFirst();
  },

  getUserByName(db: Db, username: string): Promise<UserRow | undefined> {
    return db.selectFrom('ab_user').selectAll().where('username', '=', username).executeTakeFirst();
  },

  findUserClash(db: Db, username: string, email: string, exceptId?: number) {
    let query = db
      .selectFrom('ab_user')
      .select(['id', 'username', 'email'])
      .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  },

  listUsers(db: Db): Promise<UserRow[]> {
    return db.selectFrom('ab_user').selectAll().orderBy('id').execute();
  },

  async insertUser(
    db: Db,
    user: Pick<
      DbUser,
      'username' | 'first_name' | 'last_name' | 'email' | 'password_hash' | 'active'
    >,
  ): Promise<number> {
    const now = nowIso();
    const row = await db
      .insertInto('ab_user')
      .values({ ...user, created_on: now, changed_on: now, last_login: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateUser(
    db: Db,
    id: number,
    fields: Partial<
      Pick<UserRow, 'username' | 'first_name' | 'last_name' | 'email' | 'password_hash' | 'active'>
    >,
  ): Promise<void> {
    // A new password, however it is set (API, CLI), revokes every token issued before it.
    await db
      .updateTable('ab_user')
      .set((eb) =>
        fields.password_hash === undefined
          ? { ...fields, changed_on: nowIso() }
          : {
              ...fields,
              changed_on: nowIso(),
              credentials_version: eb('credentials_version', '+', 1),
            },
      )
      .where('id', '=', id)
      .execute();
    if (fields.password_hash !== undefined) await this.deleteSessionsOfUser(db, id);
  },

  async deleteUser(db: Db, id: number): Promise<void> {
    await db.deleteFrom('ab_user').where('id', '=', id).execute();
  },

  async recordLogin(db: Db, id: number, success: boolean): Promise<void> {
    await db
      .updateTable('ab_user')
      .set((eb) =>
        success
          ? { last_login: nowIso(), login_count: eb('login_count', '+', 1), fail_login_count: 0 }
          : { fail_login_count: eb('fail_login_count', '+', 1) },
      )
      .where('id', '=', id)
      .execute();
  },

  async userRoles(
    db: Db,
    userIds: number[],
  ): Promise<Map<number, Array<{ id: number; name: string }>>> {
    const result = new Map<number, Array<{ id: number; name: string }>>();
    if (userIds.length === 0) return result;
    const rows = await db
      .selectFrom('ab_user_role')
      .innerJoin('ab_role', 'ab_role.id', 'ab_user_role.role_id')
      .select(['ab_user_role.user_id', 'ab_role.id', 'ab_role.name'])
      .where('ab_user_role.user_id', 'in', userIds)
      .orderBy('ab_role.name')
      .execute();
    for (const row of rows) {
      const list = result.get(row.user_id) ?? [];
      list.push({ id: row.id, name: row.name });
      result.set(row.user_id, list);
    }
    return result;
  },

  async setUserRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
    await db.deleteFrom('ab_user_role').where('user_id', '=', userId).execute();
    if (roleIds.length === 0) return;
    await db
      .insertInto('ab_user_role')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
  },

  /** The roles of a user with their permission-view pairs: the spec's User.roles map. */
  async rolePermissionsOfUser(db: Db, userId: number): Promise<RolePermissions> {
    const roles = await db
      .selectFrom('ab_user_role')
      .innerJoin('ab_role', 'ab_role.id', 'ab_user_role.role_id')
      .select(['ab_role.id', 'ab_role.name'])
      .where('ab_user_role.user_id', '=', userId)
      .execute();
    return this.permissionsOfRoles(db, roles);
  },

  async rolePermissionsByName(db: Db, roleName: string): Promise<RolePermissions> {
    const roles = await db
      .selectFrom('ab_role')
      .select(['id', 'name'])
      .where('name', '=', roleName)
      .execute();
    return this.permissionsOfRoles(db, roles);
  },

  async permissionsOfRoles(
    db: Db,
    roles: Array<{ id: number; name: string }>,
  ): Promise<RolePermissions> {
    const result: RolePermissions = {};
    for (const role of roles) result[role.name] = [];
    if (roles.length === 0) return result;
    const rows = await db
      .selectFrom('ab_permission_view_role')
      .innerJoin(
        'ab_permission_view',
        'ab_permission_view.id',
        'ab_permission_view_role.permission_view_id',
      )
      .select([
        'ab_permission_view_role.role_id',
        'ab_permission_view.permission',
        'ab_permission_view.view_menu',
      ])
      .where(
        'ab_permission_view_role.role_id',
        'in',
        roles.map((r) => r.id),
      )
      .execute();
    const names = new Map(roles.map((r) => [r.id, r.name]));
    for (const row of rows) {
      const name = names.get(row.role_id);
      if (name) result[name]?.push([row.permission, row.view_menu]);
    }
    return result;
  },

  listRoles(db: Db) {
    return db.selectFrom('ab_role').select(['id', 'name']).orderBy('name').execute();
  },

  getRole(db: Db, id: number) {
    return db.selectFrom('ab_role').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  },

  getRoleByName(db: Db, name: string) {
    return db
      .selectFrom('ab_role')
      .select(['id', 'name'])
      .where('name', '=', name)
      .executeTakeFirst();
  },

  async insertRole(db: Db, name: string): Promise<number> {
    const row = await db
      .insertInto('ab_role')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async renameRole(db: Db, id: number, name: string): Promise<void> {
    await db.updateTable('ab_role').set({ name }).where('id', '=', id).execute();
  },

  async deleteRole(db: Db, id: number): Promise<void> {
    await db.deleteFrom('ab_role').where('id', '=', id).execute();
  },

  async userCountsByRole(db: Db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('ab_user_role')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
  },

  /** Ids of the given pairs, creating missing permission-view rows. */
  async ensurePermissionViews(db: Db, pairs: readonly PermissionPair[]): Promise<number[]> {
    if (pairs.length === 0) return [];
    const existing = await db
      .selectFrom('ab_permission_view')
      .select(['id', 'permission', 'view_menu'])
      .execute();
    const key = (p: string, v: string) => `${p}\u0000${v}`;
    const ids = new Map(existing.map((r) => [key(r.permission, r.view_menu), r.id]));
    const missing = pairs.filter(([p, v]) => !ids.has(key(p, v)));
    const uniqueMissing = [...new Map(missing.map((pair) => [key(...pair), pair])).values()];
    if (uniqueMissing.length > 0) {
      const inserted = await db
        .insertInto('ab_permission_view')
        .values(uniqueMissing.map(([permission, view_menu]) => ({ permission, view_menu })))
        .returning(['id', 'permission', 'view_menu'])
        .execute();
      for (const r of inserted) ids.set(key(r.permission, r.view_menu), r.id);
    }
    return pairs.map(([p, v]) => ids.get(key(p, v)) as number);
  },

  async listPermissionViews(db: Db): Promise<PermissionPair[]> {
    const rows = await db
      .selectFrom('ab_permission_view')
      .select(['permission', 'view_menu'])
      .orderBy('view_menu')
      .orderBy('permission')
      .execute();
    return rows.map((r) => [r.permission, r.view_menu] as const);
  },

  /** Replaces a role's pairs (`add` keeps existing ones and adds the rest). */
  async setRolePermissions(
    db: Db,
    roleId: number,
    pairs: readonly PermissionPair[],
    mode: 'replace' | 'add',
  ): Promise<void> {
    const ids = await this.ensurePermissionViews(db, pairs);
    if (mode === 'replace') {
      await db.deleteFrom('ab_permission_view_role').where('role_id', '=', roleId).execute();
    }
    const current = new Set(
      (
        await db
          .selectFrom('ab_permission_view_role')
          .select('permission_view_id')
          .where('role_id', '=', roleId)
          .execute()
      ).map((r) => r.permission_view_id),
    );
    const toInsert = [...new Set(ids)].filter((id) => !current.has(id));
    if (toInsert.length > 0) {
      await db
        .insertInto('ab_permission_view_role')
        .values(toInsert.map((permission_view_id) => ({ permission_view_id, role_id: roleId })))
        .execute();
    }
  },

  async insertSession(db: Db, session: DbSession): Promise<void> {
    await db.insertInto('sessions').values(session).execute();
  },

  /** `idHash` is the SHA-256 of the cookie's session id: ids are never stored in clear. */
  getSession(db: Db, idHash: string) {
    return db.selectFrom('sessions').selectAll().where('id', '=', idHash).executeTakeFirst();
  },

  async deleteSession(db: Db, idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', idHash).execute();
  },

  async deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },

  async deleteExpiredSessions(db: Db): Promise<void> {
    await db.deleteFrom('sessions').where('expires_on', '<', nowIso()).execute();
  },
};
