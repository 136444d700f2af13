import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { nowIso } from '../platform/metadata/store.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbQuery } from './tables.ts';

export type QueryRow = Selectable<DbQuery>;
export type QueryInsert = Insertable<DbQuery>;
export type QueryUpdate = Omit<Updateable<DbQuery>, 'id' | 'client_id' | 'changed_on'>;

/** A query row with the names the wire needs from its database and user. */
export interface QueryRowWithNames extends QueryRow {
  database_name: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  /** Set by this repository's reads; other features may build rows without it. */
  database_engine?: string | null;
}

type Db = Kysely<MetadataTables>;

const withNames = (db: Db) =>
  db
    .selectFrom('query')
    .leftJoin('dbs', 'dbs.id', 'query.database_id')
    .leftJoin('ab_user', 'ab_user.id', 'query.user_id')
    .selectAll('query')
    .select([
      'dbs.database_name',
      'dbs.engine as database_engine',
      'ab_user.first_name',
      'ab_user.last_name',
      'ab_user.username',
    ]);

/** Filters of the history list (`GET /api/v1/query/`). */
export interface QueryListFilters {
  /** Only this user's queries; null for everyone's (admins, all_query_access). */
  userId: number | null;
  databaseId?: number;
  status?: string;
  filterUserId?: number;
  sqlContains?: string;
  changedAfter?: string;
  changedBefore?: string;
}

/** The only SQL against the `query` table. */
export const queryRepository = {
  async insert(db: Db, row: Omit<QueryInsert, 'changed_on'>): Promise<number> {
    const inserted = await db
      .insertInto('query')
      .values({ ...row, changed_on: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  async get(db: Db, id: number): Promise<QueryRowWithNames | undefined> {
    return withNames(db).where('query.id', '=', id).executeTakeFirst() as Promise<
      QueryRowWithNames | undefined
    >;
  },

  async getByClientId(db: Db, clientId: string): Promise<QueryRowWithNames | undefined> {
    return withNames(db).where('query.client_id', '=', clientId).executeTakeFirst() as Promise<
      QueryRowWithNames | undefined
    >;
  },

  async getByResultsKey(db: Db, key: string): Promise<QueryRowWithNames | undefined> {
    return withNames(db).where('query.results_key', '=', key).executeTakeFirst() as Promise<
      QueryRowWithNames | undefined
    >;
  },

  /** Every state change goes through here, so `changed_on` (what updated_since reads) moves. */
  async update(db: Db, id: number, changes: QueryUpdate): Promise<void> {
    await db
      .updateTable('query')
      .set({ ...changes, changed_on: nowIso() })
      .where('id', '=', id)
      .execute();
  },

  /** Changes a row only while it is still in one of `from` (a stop must not be overwritten). */
  async updateIfStatus(db: Db, id: number, from: string[], changes: QueryUpdate): Promise<boolean> {
    const result = await db
      .updateTable('query')
      .set({ ...changes, changed_on: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Renews the lease of queries this process holds; `changed_on` stays (nothing visible changed). */
  async heartbeat(db: Db, ids: number[], nowMs: number): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('query').set({ heartbeat_ms: nowMs }).where('id', 'in', ids).execute();
  },

  async statuses(db: Db, ids: number[]): Promise<Array<{ id: number; status: string }>> {
    if (ids.length === 0) return [];
    return db.selectFrom('query').select(['id', 'status']).where('id', 'in', ids).execute();
  },

  /** Fails queries in `statuses` whose lease ran out; answers their ids. */
  async failStale(
    db: Db,
    statuses: string[],
    staleBeforeMs: number,
    message: string,
    nowMs: number,
  ): Promise<number[]> {
    if (statuses.length === 0) return [];
    const stale = await db
      .selectFrom('query')
      .select('id')
      .where('status', 'in', statuses)
      .where((eb) =>
        eb.or([eb('heartbeat_ms', 'is', null), eb('heartbeat_ms', '<', staleBeforeMs)]),
      )
      .execute();
    const ids = stale.map((row) => row.id);
    if (ids.length === 0) return [];
    await db
      .updateTable('query')
      .set({ status: 'failed', error_message: message, end_time: nowMs, changed_on: nowIso() })
      .where('id', 'in', ids)
      .where('status', 'in', statuses)
      .execute();
    return ids;
  },

  async changedSince(db: Db, userId: number, sinceIso: string): Promise<QueryRowWithNames[]> {
    return withNames(db)
      .where('query.user_id', '=', userId)
      .where('query.changed_on', '>=', sinceIso)
      .orderBy('query.changed_on')
      .execute() as Promise<QueryRowWithNames[]>;
  },

  async list(
    db: Db,
    filters: QueryListFilters,
    page: { offset: number; limit: number | null; orderColumn: string; direction: 'asc' | 'desc' },
  ): Promise<{ rows: QueryRowWithNames[]; count: number }> {
    let base = db
      .selectFrom('query')
      .leftJoin('dbs', 'dbs.id', 'query.database_id')
      .leftJoin('ab_user', 'ab_user.id', 'query.user_id');
    if (filters.userId !== null) base = base.where('query.user_id', '=', filters.userId);
    if (filters.databaseId !== undefined)
      base = base.where('query.database_id', '=', filters.databaseId);
    if (filters.status !== undefined) base = base.where('query.status', '=', filters.status);
    if (filters.filterUserId !== undefined)
      base = base.where('query.user_id', '=', filters.filterUserId);
    if (filters.sqlContains !== undefined) {
      const pattern = `%${filters.sqlContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // ESCAPE spelled out: SQLite has no default escape character, PostgreSQL's is the backslash.
      base = base.where(
        sql<boolean>`lower(${sql.ref('query.sql')}) like ${pattern.toLowerCase()} escape '\\'`,
      );
    }
    if (filters.changedAfter !== undefined)
      base = base.where('query.changed_on', '>', filters.changedAfter);
    if (filters.changedBefore !== undefined)
      base = base.where('query.changed_on', '<', filters.changedBefore);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    let rows = base
      .selectAll('query')
      .select([
        'dbs.database_name',
        'dbs.engine as database_engine',
        'ab_user.first_name',
        'ab_user.last_name',
        'ab_user.username',
      ])
      .orderBy(page.orderColumn as 'query.changed_on', page.direction)
      .orderBy('query.id', 'desc')
      .offset(page.offset);
    if (page.limit !== null) rows = rows.limit(page.limit);
    else rows = rows.limit(1_000_000);
    return { rows: (await rows.execute()) as QueryRowWithNames[], count: Number(counted?.n ?? 0) };
  },
};
