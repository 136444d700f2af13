import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbLog } from './tables.ts';

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;
export type LogRow = Selectable<DbLog> & { username: string | null };
export type LogWrite = Insertable<DbLog>;

export interface LogListFilters {
  action?: { opr: 'eq' | 'ct'; value: string };
  userId?: number;
  dttmAfter?: string;
  dttmBefore?: string;
}

export interface LogPage {
  offset: number;
  limit: number | null;
  orderColumn: 'id' | 'action' | 'dttm' | 'duration_ms';
  direction: 'asc' | 'desc';
}

/** One row of recent activity: the newest view of a dashboard or chart by one action. */
export interface ViewRow {
  action: string;
  dashboard_id: number | null;
  slice_id: number | null;
  dttm: string;
  dashboard_title: string | null;
  dashboard_slug: string | null;
  slice_name: string | null;
}

/** SQLite binds at most 999 parameters per statement on older builds: inserts go in chunks. */
const INSERT_CHUNK = 100;

/** The only SQL against `logs`. */
export const logRepository = {
  async insertMany(db: Db, rows: LogWrite[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db
        .insertInto('logs')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  },

  async list(db: Db, filters: LogListFilters, page: LogPage) {
    let query = db.selectFrom('logs').leftJoin('ab_user', 'ab_user.id', 'logs.user_id');
    if (filters.action?.opr === 'eq') query = query.where('logs.action', '=', filters.action.value);
    if (filters.action?.opr === 'ct') {
      const pattern = `%${filters.action.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // ESCAPE spelled out: SQLite has no default escape character, PostgreSQL's is the backslash.
      query = query.where(
        sql<boolean>`lower(${sql.ref('logs.action')}) like ${pattern.toLowerCase()} escape '\\'`,
      );
    }
    if (filters.userId !== undefined) query = query.where('logs.user_id', '=', filters.userId);
    if (filters.dttmAfter) query = query.where('logs.dttm', '>', filters.dttmAfter);
    if (filters.dttmBefore) query = query.where('logs.dttm', '<', filters.dttmBefore);
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    let rows = query
      .selectAll('logs')
      .select('ab_user.username')
      .orderBy(`logs.${page.orderColumn}`, page.direction)
      .orderBy('logs.id', page.direction)
      .offset(page.offset);
    if (page.limit !== null) rows = rows.limit(page.limit);
    return { rows: (await rows.execute()) as LogRow[], count: Number(counted.n) };
  },

  async get(db: Db, id: number): Promise<LogRow | undefined> {
    return db
      .selectFrom('logs')
      .leftJoin('ab_user', 'ab_user.id', 'logs.user_id')
      .selectAll('logs')
      .select('ab_user.username')
      .where('logs.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * The user's views of dashboards and charts since `since`, newest first, with the titles they
   * have now; views of deleted items drop out. `distinct`: only the newest view of each
   * (dashboard, chart, action), as Superset answers by default.
   */
  async recentViews(
    db: Db,
    view: { userId: number; actions: string[]; since: string; distinct: boolean },
    page: { offset: number; limit: number },
  ): Promise<ViewRow[]> {
    const views = db
      .selectFrom('logs')
      .select(['dashboard_id', 'slice_id', 'action'])
      .where('user_id', '=', view.userId)
      .where('action', 'in', view.actions)
      .where('dttm', '>', view.since)
      .where((eb) => eb.or([eb('dashboard_id', 'is not', null), eb('slice_id', 'is not', null)]));
    const newest = view.distinct
      ? views
          .select((eb) => eb.fn.max('dttm').as('dttm'))
          .groupBy(['dashboard_id', 'slice_id', 'action'])
          .as('v')
      : views.select('dttm').as('v');
    const rows = await db
      .selectFrom(newest)
      .leftJoin('dashboards', 'dashboards.id', 'v.dashboard_id')
      .leftJoin('slices', 'slices.id', 'v.slice_id')
      .select([
        'v.action',
        'v.dashboard_id',
        'v.slice_id',
        'v.dttm',
        'dashboards.dashboard_title',
        'dashboards.slug as dashboard_slug',
        'slices.slice_name',
      ])
      .where((eb) => eb.or([eb('dashboards.id', 'is not', null), eb('slices.id', 'is not', null)]))
      .orderBy('v.dttm', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return rows as ViewRow[];
  },

  /** Dashboard ids by slug, for events that name a dashboard by its address. */
  async dashboardIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, number>> {
    if (slugs.length === 0) return new Map();
    const rows = await db
      .selectFrom('dashboards')
      .select(['id', 'slug'])
      .where('slug', 'in', [...new Set(slugs)])
      .execute();
    return new Map(rows.map((r) => [r.slug as string, r.id]));
  },

  /** Deletes rows older than `before`; answers how many went. */
  async deleteOlderThan(db: Db, before: string): Promise<number> {
    const result = await db.deleteFrom('logs').where('dttm', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
