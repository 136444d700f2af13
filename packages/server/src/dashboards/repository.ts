import { randomUUID } from 'node:crypto';
import { toStoredJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { lookupOf } from '@tessera/shared/dashboard/slug';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DbSlice } from '../charts/tables.ts';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import { nowIso } from '../platform/metadata/store.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbDashboard } from './tables.ts';

export type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;
export type DashboardRow = Selectable<DbDashboard>;
export type SliceRow = Selectable<DbSlice>;
export type DashboardWrite = Omit<
  Updateable<DbDashboard>,
  'id' | 'uuid' | 'created_on' | 'created_by_fk' | 'changed_on' | 'changed_by_fk'
>;

export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
}

/** A dashboard with what hangs off it: owners, roles, charts (ids) and people's names. */
export interface DashboardRecord {
  row: DashboardRow;
  ownerIds: number[];
  owners: PersonRow[];
  roles: Array<{ id: number; name: string }>;
  sliceIds: number[];
  createdBy: PersonRow | null;
  changedBy: PersonRow | null;
}

export const FAVORITE_CLASS = 'Dashboard';

async function people(db: Db, ids: number[]): Promise<Map<number, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ab_user')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

function groupBy<T>(rows: T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k) ?? [];
    list.push(row);
    out.set(k, list);
  }
  return out;
}

/** The only SQL against the dashboard tables (and the reads of charts they need). */
export const dashboardRepository = {
  async rows(db: Db, ids?: number[]): Promise<DashboardRow[]> {
    let q = db.selectFrom('dashboards').selectAll();
    if (ids) {
      if (ids.length === 0) return [];
      q = q.where('id', 'in', ids);
    }
    return q.orderBy('id').execute();
  },

  /** Superset's order: a uuid, else a numeric path is an id only (never a slug), else a slug. */
  async findIdByIdOrSlug(db: Db, idOrSlug: string): Promise<number | undefined> {
    const lookup = lookupOf(idOrSlug);
    const q = db.selectFrom('dashboards').select('id');
    if (lookup.by === 'uuid') {
      return (await q.where('uuid', '=', lookup.uuid).executeTakeFirst())?.id;
    }
    if (lookup.by === 'id') {
      // Beyond the id column's range nothing can match, and PostgreSQL would refuse the value.
      if (!Number.isSafeInteger(lookup.id) || Math.abs(lookup.id) > 2147483647) return undefined;
      return (await q.where('id', '=', lookup.id).executeTakeFirst())?.id;
    }
    return (await q.where('slug', '=', lookup.slug).executeTakeFirst())?.id;
  },

  async getByUuid(db: Db, uuid: string): Promise<DashboardRow | undefined> {
    return db.selectFrom('dashboards').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  },

  async slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
    let q = db.selectFrom('dashboards').select('id').where('slug', '=', slug);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  /** Dashboards with owners, roles, chart ids and names, in id order. */
  async records(db: Db, ids?: number[]): Promise<DashboardRecord[]> {
    const rows = await dashboardRepository.rows(db, ids);
    if (rows.length === 0) return [];
    const dashIds = rows.map((r) => r.id);
    const [owners, roles, slices] = await Promise.all([
      db
        .selectFrom('dashboard_user')
        .select(['dashboard_id', 'user_id'])
        .where('dashboard_id', 'in', dashIds)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('dashboard_roles')
        .innerJoin('ab_role', 'ab_role.id', 'dashboard_roles.role_id')
        .select(['dashboard_roles.dashboard_id', 'ab_role.id', 'ab_role.name'])
        .where('dashboard_roles.dashboard_id', 'in', dashIds)
        .orderBy('ab_role.id')
        .execute(),
      db
        .selectFrom('dashboard_slices')
        .select(['dashboard_id', 'slice_id'])
        .where('dashboard_id', 'in', dashIds)
        .orderBy('id')
        .execute(),
    ]);
    const names = await people(db, [
      ...owners.map((o) => o.user_id),
      ...rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]).filter((x) => x !== null),
    ] as number[]);
    const ownersBy = groupBy(owners, (o) => o.dashboard_id);
    const rolesBy = groupBy(roles, (r) => r.dashboard_id);
    const slicesBy = groupBy(slices, (s) => s.dashboard_id);
    return rows.map((row) => {
      const ownerIds = (ownersBy.get(row.id) ?? []).map((o) => o.user_id);
      return {
        row,
        ownerIds,
        owners: ownerIds.map((id) => names.get(id)).filter((p): p is PersonRow => Boolean(p)),
        roles: (rolesBy.get(row.id) ?? []).map((r) => ({ id: r.id, name: r.name })),
        sliceIds: (slicesBy.get(row.id) ?? []).map((s) => s.slice_id),
        createdBy: row.created_by_fk === null ? null : (names.get(row.created_by_fk) ?? null),
        changedBy: row.changed_by_fk === null ? null : (names.get(row.changed_by_fk) ?? null),
      };
    });
  },

  /** `by`: the actor (or user id) the audit columns record. */
  async insert(
    db: Db,
    write: DashboardWrite & { dashboard_title: string },
    by: AuditSource,
    uuid: string = randomUUID(),
  ): Promise<number> {
    const row = await db
      .insertInto('dashboards')
      .values({ ...write, uuid, ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** `touch` false leaves changed_on alone (the colour sync's `mark_updated=false`). */
  async update(
    db: Db,
    id: number,
    write: DashboardWrite,
    by: AuditSource,
    touch = true,
  ): Promise<void> {
    const set: Updateable<DbDashboard> = touch ? { ...write, ...changedStamp(by) } : { ...write };
    if (Object.keys(set).length === 0) return;
    await db.updateTable('dashboards').set(set).where('id', '=', id).execute();
  },

  /** Stores json_metadata (brought to the current shape and versioned); one statement. */
  async updateJsonMetadata(
    db: Db,
    id: number,
    metadata: Record<string, unknown>,
    by: AuditSource,
    touch = true,
  ): Promise<void> {
    await this.update(db, id, { json_metadata: toStoredJsonMetadata(metadata) }, by, touch);
  },

  async delete(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .deleteFrom('favstar')
      .where('class_name', '=', FAVORITE_CLASS)
      .where('obj_id', 'in', ids)
      .execute();
    await db.deleteFrom('dashboards').where('id', 'in', ids).execute();
  },

  async setOwners(db: Db, id: number, userIds: number[]): Promise<void> {
    await db.deleteFrom('dashboard_user').where('dashboard_id', '=', id).execute();
    const unique = [...new Set(userIds)];
    if (unique.length) {
      await db
        .insertInto('dashboard_user')
        .values(unique.map((user_id) => ({ dashboard_id: id, user_id })))
        .execute();
    }
  },

  async setRoles(db: Db, id: number, roleIds: number[]): Promise<void> {
    await db.deleteFrom('dashboard_roles').where('dashboard_id', '=', id).execute();
    const unique = [...new Set(roleIds)];
    if (unique.length) {
      await db
        .insertInto('dashboard_roles')
        .values(unique.map((role_id) => ({ dashboard_id: id, role_id })))
        .execute();
    }
  },

  async setSlices(db: Db, id: number, sliceIds: number[]): Promise<void> {
    await db.deleteFrom('dashboard_slices').where('dashboard_id', '=', id).execute();
    const unique = [...new Set(sliceIds)];
    if (unique.length) {
      await db
        .insertInto('dashboard_slices')
        .values(unique.map((slice_id) => ({ dashboard_id: id, slice_id })))
        .execute();
    }
  },

  async existingUserIds(db: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('ab_user').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },

  async existingRoleIds(db: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('ab_role').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },

  async slices(db: Db, ids: number[]): Promise<SliceRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('slices').selectAll().where('id', 'in', ids).orderBy('id').execute();
  },

  async slicesByUuid(db: Db, uuids: string[]): Promise<SliceRow[]> {
    if (uuids.length === 0) return [];
    return db.selectFrom('slices').selectAll().where('uuid', 'in', uuids).execute();
  },

  async sliceOwners(db: Db, sliceIds: number[]): Promise<Map<number, PersonRow[]>> {
    if (sliceIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('slice_user')
      .innerJoin('ab_user', 'ab_user.id', 'slice_user.user_id')
      .select(['slice_user.slice_id', 'ab_user.id', 'ab_user.first_name', 'ab_user.last_name'])
      .where('slice_user.slice_id', 'in', sliceIds)
      .execute();
    const out = new Map<number, PersonRow[]>();
    for (const r of groupBy(rows, (x) => x.slice_id)) {
      out.set(
        r[0],
        r[1].map(({ id, first_name, last_name }) => ({ id, first_name, last_name })),
      );
    }
    return out;
  },

  /** A copy of a chart owned by `actorId` (copying a dashboard with duplicate_slices). */
  async cloneSlice(db: Db, slice: SliceRow, actorId: number | null): Promise<number> {
    const { id: _id, uuid: _uuid, ...rest } = slice;
    const row = await db
      .insertInto('slices')
      .values({ ...rest, uuid: randomUUID(), ...createdStamp(actorId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (actorId !== null) {
      await db.insertInto('slice_user').values({ slice_id: row.id, user_id: actorId }).execute();
    }
    return row.id;
  },

  /** Which of `ids` the user marked as favourite. */
  async favoriteIds(db: Db, userId: number, ids?: number[]): Promise<Set<number>> {
    let q = db
      .selectFrom('favstar')
      .select('obj_id')
      .where('user_id', '=', userId)
      .where('class_name', '=', FAVORITE_CLASS);
    if (ids) {
      if (ids.length === 0) return new Set();
      q = q.where('obj_id', 'in', ids);
    }
    return new Set((await q.execute()).map((r) => r.obj_id));
  },

  async addFavorite(db: Db, userId: number, id: number): Promise<void> {
    const existing = await dashboardRepository.favoriteIds(db, userId, [id]);
    if (existing.has(id)) return;
    await db
      .insertInto('favstar')
      .values({ user_id: userId, class_name: FAVORITE_CLASS, obj_id: id, dttm: nowIso() })
      .execute();
  },

  async removeFavorite(db: Db, userId: number, id: number): Promise<void> {
    await db
      .deleteFrom('favstar')
      .where('user_id', '=', userId)
      .where('class_name', '=', FAVORITE_CLASS)
      .where('obj_id', '=', id)
      .execute();
  },

  /** Users (for `related/owners`): id and names, searched by name, username or email. */
  async users(db: Db): Promise<Array<PersonRow & { username: string; email: string }>> {
    return db
      .selectFrom('ab_user')
      .select(['id', 'first_name', 'last_name', 'username', 'email'])
      .orderBy('first_name')
      .orderBy('id')
      .execute();
  },

  async roles(db: Db): Promise<Array<{ id: number; name: string }>> {
    return db.selectFrom('ab_role').select(['id', 'name']).orderBy('name').execute();
  },
};
