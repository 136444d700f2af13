import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { nowIso } from '../platform/metadata/store.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbTableSchema, DbTabState } from './tables.ts';

export type TabStateRow = Selectable<DbTabState>;
export type TableSchemaRow = Selectable<DbTableSchema>;
export type TabStateWrite = Omit<Insertable<DbTabState>, 'id' | 'created_on' | 'changed_on'>;
export type TabStateChanges = Omit<Updateable<DbTabState>, 'id' | 'user_id' | 'created_on'>;
export type TableSchemaWrite = Omit<Insertable<DbTableSchema>, 'id' | 'created_on' | 'changed_on'>;

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

/** The only SQL against `tab_state` and `table_schema`. */
export const tabStateRepository = {
  async get(db: Db, id: number): Promise<TabStateRow | undefined> {
    return db.selectFrom('tab_state').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async ownerOf(db: Db, id: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('tab_state')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.user_id;
  },

  /** The user's tabs in creation order. */
  async listForUser(db: Db, userId: number): Promise<TabStateRow[]> {
    return db
      .selectFrom('tab_state')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  /** The user's active tab, else their most recent one (Superset orders by `active desc`). */
  async activeForUser(db: Db, userId: number): Promise<TabStateRow | undefined> {
    return db
      .selectFrom('tab_state')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('active', 'desc')
      .orderBy('changed_on', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  async insert(db: Db, write: TabStateWrite): Promise<number> {
    const now = nowIso();
    const row = await db
      .insertInto('tab_state')
      .values({ ...write, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Db, id: number, changes: TabStateChanges): Promise<void> {
    await db
      .updateTable('tab_state')
      .set({ ...changes, changed_on: nowIso() })
      .where('id', '=', id)
      .execute();
  },

  /** Marks `activeId` active and every other tab of the user inactive (null: all inactive). */
  async setActive(db: Db, userId: number, activeId: number | null): Promise<void> {
    await db
      .updateTable('tab_state')
      .set({ active: 0 })
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .execute();
    if (activeId !== null) {
      await db
        .updateTable('tab_state')
        .set({ active: 1 })
        .where('id', '=', activeId)
        .where('user_id', '=', userId)
        .execute();
    }
  },

  /** Deletes a tab; its table schemas go with it (explicitly, whatever the store's FK mode). */
  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('table_schema').where('tab_state_id', '=', id).execute();
    await db.deleteFrom('tab_state').where('id', '=', id).execute();
  },

  async tableSchemasOf(db: Db, tabIds: number[]): Promise<TableSchemaRow[]> {
    if (tabIds.length === 0) return [];
    return db
      .selectFrom('table_schema')
      .selectAll()
      .where('tab_state_id', 'in', tabIds)
      .orderBy('id')
      .execute();
  },

  async getTableSchema(db: Db, id: number): Promise<TableSchemaRow | undefined> {
    return db.selectFrom('table_schema').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Adds a table to a tab, replacing the same table already there (as Superset does). */
  async replaceTableSchema(db: Db, write: TableSchemaWrite): Promise<number> {
    let existing = db
      .deleteFrom('table_schema')
      .where('tab_state_id', '=', write.tab_state_id)
      .where('database_id', '=', write.database_id)
      .where('table', '=', write.table);
    existing =
      write.schema == null
        ? existing.where('schema', 'is', null)
        : existing.where('schema', '=', write.schema);
    existing =
      write.catalog == null
        ? existing.where('catalog', 'is', null)
        : existing.where('catalog', '=', write.catalog);
    await existing.execute();
    const now = nowIso();
    const row = await db
      .insertInto('table_schema')
      .values({ ...write, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async setExpanded(db: Db, id: number, expanded: boolean): Promise<void> {
    await db
      .updateTable('table_schema')
      .set({ expanded: expanded ? 1 : 0, changed_on: nowIso() })
      .where('id', '=', id)
      .execute();
  },

  async deleteTableSchema(db: Db, id: number): Promise<void> {
    await db.deleteFrom('table_schema').where('id', '=', id).execute();
  },

  async savedQueryOwner(db: Db, id: number): Promise<number | null | undefined> {
    const row = await db
      .selectFrom('saved_query')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? row.user_id : undefined;
  },
};
