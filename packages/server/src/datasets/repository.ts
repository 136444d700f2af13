import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbDataset, DbSqlMetric, DbTableColumn } from './tables.ts';

export type DatasetRow = Selectable<DbDataset>;
export type ColumnRow = Selectable<DbTableColumn>;
export type MetricRow = Selectable<DbSqlMetric>;

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

/** What the service writes for a dataset; booleans already 0/1, JSON already text. */
export type DatasetWrite = Omit<
  Insertable<DbDataset>,
  'id' | 'uuid' | 'created_by_fk' | 'changed_by_fk' | 'created_on' | 'changed_on'
> & { uuid?: string };
export type ColumnWrite = Omit<
  Insertable<DbTableColumn>,
  'id' | 'uuid' | 'table_id' | 'created_on' | 'changed_on'
> & { uuid?: string | null };
export type MetricWrite = Omit<
  Insertable<DbSqlMetric>,
  'id' | 'uuid' | 'table_id' | 'created_on' | 'changed_on'
> & { uuid?: string | null };

export interface UserName {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
}

/** Columns and metrics record when, not who: the dataset row carries the user. */
function timesOf(stamp: { created_on: string; changed_on: string }) {
  return { created_on: stamp.created_on, changed_on: stamp.changed_on };
}

/** The only SQL against `tables`, `table_columns`, `sql_metrics` and `dataset_owners`. */
export const datasetRepository = {
  async list(db: Db): Promise<DatasetRow[]> {
    return db.selectFrom('tables').selectAll().orderBy('id').execute();
  },

  async get(db: Db, id: number): Promise<DatasetRow | undefined> {
    return db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async getByUuid(db: Db, uuid: string): Promise<DatasetRow | undefined> {
    return db.selectFrom('tables').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  },

  /** Datasets of a database with this name; the caller compares schema and catalog (NULL-aware). */
  async findByName(db: Db, databaseId: number, tableName: string): Promise<DatasetRow[]> {
    return db
      .selectFrom('tables')
      .selectAll()
      .where('database_id', '=', databaseId)
      .where('table_name', '=', tableName)
      .orderBy('id')
      .execute();
  },

  /** `by`: the actor (or user id) the audit columns record. */
  async insert(db: Db, write: DatasetWrite, by: AuditSource): Promise<number> {
    const row = await db
      .insertInto('tables')
      .values({ ...write, uuid: write.uuid ?? randomUUID(), ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Db, id: number, write: Updateable<DbDataset>, by: AuditSource): Promise<void> {
    await db
      .updateTable('tables')
      .set({ ...write, ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  /** Marks a dataset changed (cache keys of the query engine include `changed_on`). */
  async touch(db: Db, id: number, by: AuditSource): Promise<void> {
    await datasetRepository.update(db, id, {}, by);
  },

  async delete(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('tables').where('id', 'in', ids).execute();
  },

  async columns(db: Db, tableIds: number[]): Promise<ColumnRow[]> {
    if (tableIds.length === 0) return [];
    return db
      .selectFrom('table_columns')
      .selectAll()
      .where('table_id', 'in', tableIds)
      .orderBy('id')
      .execute();
  },

  async metrics(db: Db, tableIds: number[]): Promise<MetricRow[]> {
    if (tableIds.length === 0) return [];
    return db
      .selectFrom('sql_metrics')
      .selectAll()
      .where('table_id', 'in', tableIds)
      .orderBy('id')
      .execute();
  },

  async insertColumn(db: Db, tableId: number, column: ColumnWrite): Promise<number> {
    const row = await db
      .insertInto('table_columns')
      .values({
        ...column,
        uuid: column.uuid || randomUUID(),
        table_id: tableId,
        ...timesOf(createdStamp(null)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateColumn(db: Db, id: number, column: Partial<ColumnWrite>): Promise<void> {
    const { uuid: _uuid, ...rest } = column;
    await db
      .updateTable('table_columns')
      .set({ ...rest, changed_on: changedStamp(null).changed_on })
      .where('id', '=', id)
      .execute();
  },

  async deleteColumns(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('table_columns').where('id', 'in', ids).execute();
  },

  async insertMetric(db: Db, tableId: number, metric: MetricWrite): Promise<number> {
    const row = await db
      .insertInto('sql_metrics')
      .values({
        ...metric,
        uuid: metric.uuid || randomUUID(),
        table_id: tableId,
        ...timesOf(createdStamp(null)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateMetric(db: Db, id: number, metric: Partial<MetricWrite>): Promise<void> {
    const { uuid: _uuid, ...rest } = metric;
    await db
      .updateTable('sql_metrics')
      .set({ ...rest, changed_on: changedStamp(null).changed_on })
      .where('id', '=', id)
      .execute();
  },

  async deleteMetrics(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('sql_metrics').where('id', 'in', ids).execute();
  },

  /** Owner ids per dataset. */
  async owners(db: Db, tableIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>();
    if (tableIds.length === 0) return result;
    const rows = await db
      .selectFrom('dataset_owners')
      .select(['dataset_id', 'user_id'])
      .where('dataset_id', 'in', tableIds)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = result.get(row.dataset_id) ?? [];
      list.push(row.user_id);
      result.set(row.dataset_id, list);
    }
    return result;
  },

  async setOwners(db: Db, tableId: number, userIds: number[]): Promise<void> {
    await db.deleteFrom('dataset_owners').where('dataset_id', '=', tableId).execute();
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    await db
      .insertInto('dataset_owners')
      .values(unique.map((user_id) => ({ dataset_id: tableId, user_id })))
      .execute();
  },

  async users(db: Db, ids: number[]): Promise<Map<number, UserName>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .selectFrom('ab_user')
      .select(['id', 'first_name', 'last_name', 'username'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },
};
