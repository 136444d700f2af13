import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { ChangedStamp, CreatedStamp } from '../platform/metadata/audit.ts';
import { nowIso } from '../platform/metadata/store.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbSlice } from './tables.ts';

/**
 * The only SQL of the charts feature: `slices`, their owners (`slice_user`), their dashboards
 * (`dashboard_slices`, and the dashboard's `position_json` when explore adds a chart to it) and
 * chart favourites (`favstar` rows of class `slice`).
 */

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

export type SliceRow = Selectable<DbSlice>;
export type SliceWrite = Omit<
  Insertable<DbSlice>,
  'id' | 'uuid' | 'created_on' | 'changed_on' | 'created_by_fk' | 'changed_by_fk'
>;

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  active: boolean;
}

export interface DashboardRef {
  id: number;
  dashboard_title: string;
  json_metadata: string | null;
  position_json: string | null;
}

const FAV_CLASS = 'slice';

export const chartRepository = {
  async list(db: Db): Promise<SliceRow[]> {
    return db.selectFrom('slices').selectAll().orderBy('id').execute();
  },

  async get(db: Db, id: number): Promise<SliceRow | undefined> {
    return db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async getMany(db: Db, ids: number[]): Promise<SliceRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('slices').selectAll().where('id', 'in', ids).orderBy('id').execute();
  },

  /** Inserts a chart stamped by `stamp`; `uuid` is its identity across instances (random when omitted). */
  async insert(db: Db, write: SliceWrite, stamp: CreatedStamp, uuid?: string): Promise<number> {
    const row = await db
      .insertInto('slices')
      .values({
        ...write,
        ...stamp,
        uuid: uuid ?? randomUUID(),
        last_saved_at: stamp.changed_on,
        last_saved_by_fk: stamp.changed_by_fk,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Db, id: number, write: Updateable<DbSlice>, stamp: ChangedStamp): Promise<void> {
    await db
      .updateTable('slices')
      .set({
        ...write,
        ...stamp,
        last_saved_at: stamp.changed_on,
        last_saved_by_fk: stamp.changed_by_fk,
      })
      .where('id', '=', id)
      .execute();
  },

  async getByUuid(db: Db, uuid: string): Promise<SliceRow | undefined> {
    return db.selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  },

  async delete(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // Favourites are not foreign keys (one table for two kinds), so they go by hand.
    await db
      .deleteFrom('favstar')
      .where('class_name', '=', FAV_CLASS)
      .where('obj_id', 'in', ids)
      .execute();
    await db.deleteFrom('slices').where('id', 'in', ids).execute();
  },

  /** Owner ids by chart id. */
  async owners(db: Db, sliceIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (sliceIds.length === 0) return out;
    const rows = await db
      .selectFrom('slice_user')
      .select(['slice_id', 'user_id'])
      .where('slice_id', 'in', sliceIds)
      .orderBy('id')
      .execute();
    for (const r of rows) out.set(r.slice_id, [...(out.get(r.slice_id) ?? []), r.user_id]);
    return out;
  },

  async setOwners(db: Db, sliceId: number, userIds: number[]): Promise<void> {
    await db.deleteFrom('slice_user').where('slice_id', '=', sliceId).execute();
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    await db
      .insertInto('slice_user')
      .values(unique.map((user_id) => ({ slice_id: sliceId, user_id })))
      .execute();
  },

  /** Dashboard ids by chart id. */
  async dashboardIds(db: Db, sliceIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (sliceIds.length === 0) return out;
    const rows = await db
      .selectFrom('dashboard_slices')
      .select(['slice_id', 'dashboard_id'])
      .where('slice_id', 'in', sliceIds)
      .orderBy('dashboard_id')
      .execute();
    for (const r of rows) out.set(r.slice_id, [...(out.get(r.slice_id) ?? []), r.dashboard_id]);
    return out;
  },

  async dashboards(db: Db, ids: number[]): Promise<Map<number, DashboardRef>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('dashboards')
      .select(['id', 'dashboard_title', 'json_metadata', 'position_json'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  /** Owner ids by dashboard id. */
  async dashboardOwners(db: Db, dashboardIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (dashboardIds.length === 0) return out;
    const rows = await db
      .selectFrom('dashboard_user')
      .select(['dashboard_id', 'user_id'])
      .where('dashboard_id', 'in', dashboardIds)
      .execute();
    for (const r of rows) {
      out.set(r.dashboard_id, [...(out.get(r.dashboard_id) ?? []), r.user_id]);
    }
    return out;
  },

  async linkDashboards(db: Db, sliceId: number, dashboardIds: number[]): Promise<void> {
    if (dashboardIds.length === 0) return;
    await db
      .insertInto('dashboard_slices')
      .values(dashboardIds.map((dashboard_id) => ({ dashboard_id, slice_id: sliceId })))
      .execute();
  },

  async unlinkDashboards(db: Db, sliceId: number, dashboardIds: number[]): Promise<void> {
    if (dashboardIds.length === 0) return;
    await db
      .deleteFrom('dashboard_slices')
      .where('slice_id', '=', sliceId)
      .where('dashboard_id', 'in', dashboardIds)
      .execute();
  },

  async setDashboardPosition(
    db: Db,
    dashboardId: number,
    positionJson: string,
    stamp: ChangedStamp,
  ): Promise<void> {
    await db
      .updateTable('dashboards')
      .set({ position_json: positionJson, ...stamp })
      .where('id', '=', dashboardId)
      .execute();
  },

  async users(db: Db, ids: number[]): Promise<Map<number, Person>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .selectFrom('ab_user')
      .select(['id', 'first_name', 'last_name', 'username', 'email', 'active'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, { ...r, active: Boolean(r.active) }]));
  },

  /** Users for the related pickers, filtered by name, username or email. */
  async searchUsers(
    db: Db,
    filter: string,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; rows: Person[] }> {
    const needle = `%${filter.toLowerCase()}%`;
    let query = db.selectFrom('ab_user');
    if (filter) {
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['first_name']), 'like', needle),
          eb(eb.fn('lower', ['last_name']), 'like', needle),
          eb(eb.fn('lower', ['username']), 'like', needle),
          eb(eb.fn('lower', ['email']), 'like', needle),
        ]),
      );
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query
      .select(['id', 'first_name', 'last_name', 'username', 'email', 'active'])
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute();
    return {
      count: Number(total?.n ?? 0),
      rows: rows.map((r) => ({ ...r, active: Boolean(r.active) })),
    };
  },

  /** Chart ids among `sliceIds` (all when omitted) the user has starred. */
  async favoriteIds(db: Db, userId: number, sliceIds?: number[]): Promise<Set<number>> {
    if (sliceIds && sliceIds.length === 0) return new Set();
    let query = db
      .selectFrom('favstar')
      .select('obj_id')
      .where('user_id', '=', userId)
      .where('class_name', '=', FAV_CLASS);
    if (sliceIds) query = query.where('obj_id', 'in', sliceIds);
    const rows = await query.execute();
    return new Set(rows.map((r) => r.obj_id));
  },

  async addFavorite(db: Db, userId: number, sliceId: number): Promise<void> {
    const existing = await chartRepository.favoriteIds(db, userId, [sliceId]);
    if (existing.has(sliceId)) return;
    await db
      .insertInto('favstar')
      .values({ user_id: userId, class_name: FAV_CLASS, obj_id: sliceId, dttm: nowIso() })
      .execute();
  },

  async removeFavorite(db: Db, userId: number, sliceId: number): Promise<void> {
    await db
      .deleteFrom('favstar')
      .where('user_id', '=', userId)
      .where('class_name', '=', FAV_CLASS)
      .where('obj_id', '=', sliceId)
      .execute();
  },
};
