import type { Kysely, Selectable, Transaction } from 'kysely';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbQuery } from '../sqllab/tables.ts';

/**
 * What tab state needs from SQL Lab's `query` table (owned by sqllab/, migration 0002): find a
 * user's run by client id, attach it to a tab, drop it from a tab's history, and list the runs of
 * open tabs for the bootstrap. Tabs link runs through `query.sql_editor_id` (the tab id as text)
 * and `tab_state.latest_query_id` (the run's client id), as Superset does.
 */

export type QueryRow = Selectable<DbQuery>;
type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

export const queryLinks = {
  async byClientId(db: Db, clientId: string): Promise<QueryRow | undefined> {
    return db.selectFrom('query').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  },

  async byClientIds(db: Db, clientIds: string[]): Promise<QueryRow[]> {
    if (clientIds.length === 0) return [];
    return db.selectFrom('query').selectAll().where('client_id', 'in', clientIds).execute();
  },

  /** The user's runs made in (or migrated to) any of these tabs. */
  async ofTabs(db: Db, userId: number, tabIds: number[]): Promise<QueryRow[]> {
    if (tabIds.length === 0) return [];
    return db
      .selectFrom('query')
      .selectAll()
      .where('user_id', '=', userId)
      .where(
        'sql_editor_id',
        'in',
        tabIds.map((id) => String(id)),
      )
      .orderBy('id')
      .execute();
  },

  /** The most recent run of the user in a tab, other than `exceptClientId`. */
  async latestInTab(
    db: Db,
    userId: number,
    tabId: number,
    exceptClientId: string,
  ): Promise<QueryRow | undefined> {
    return db
      .selectFrom('query')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sql_editor_id', '=', String(tabId))
      .where('client_id', '!=', exceptClientId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  async moveToTab(db: Db, clientId: string, tabId: number): Promise<void> {
    await db
      .updateTable('query')
      .set({ sql_editor_id: String(tabId) })
      .where('client_id', '=', clientId)
      .execute();
  },

  async deleteFromTab(db: Db, userId: number, tabId: number, clientId: string): Promise<number> {
    const result = await db
      .deleteFrom('query')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('sql_editor_id', '=', String(tabId))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async databaseNames(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('dbs')
      .select(['id', 'database_name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r.database_name]));
  },

  async userNames(
    db: Db,
    ids: number[],
  ): Promise<Map<number, { username: string; first_name: string; last_name: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('ab_user')
      .select(['id', 'username', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },
};
