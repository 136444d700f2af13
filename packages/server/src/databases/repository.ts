import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { DbDatabase, MetadataTables } from '../platform/metadata/tables.ts';

export type DatabaseRow = Selectable<DbDatabase>;

/** Fields a caller may set; booleans as booleans, `extra` as JSON text. */
export interface DatabaseWrite {
  database_name: string;
  engine: string;
  sqlalchemy_uri: string;
  /** Already encrypted by the service; null for none. */
  password: string | null;
  configuration_method: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: string;
  encrypted_extra: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
}

/** The database options that are yes/no flags (0/1 in the store, booleans on the wire). */
export const DATABASE_FLAGS = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
] as const;
export type DatabaseFlag = (typeof DATABASE_FLAGS)[number];

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

const toRow = (w: Partial<DatabaseWrite>) => {
  const row: Record<string, unknown> = { ...w };
  for (const key of [...DATABASE_FLAGS, 'is_managed_externally'] as const) {
    if (key in w) row[key] = w[key] ? 1 : 0;
  }
  return row as Updateable<DbDatabase>;
};

/** The only SQL against the `dbs` table. */
export const databaseRepository = {
  async list(db: Db): Promise<DatabaseRow[]> {
    return db.selectFrom('dbs').selectAll().orderBy('id').execute();
  },

  async get(db: Db, id: number): Promise<DatabaseRow | undefined> {
    return db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async getByName(db: Db, name: string): Promise<DatabaseRow | undefined> {
    return db.selectFrom('dbs').selectAll().where('database_name', '=', name).executeTakeFirst();
  },

  /** `by`: the actor (or user id) the audit columns record. */
  async insert(db: Db, write: DatabaseWrite, by: AuditSource): Promise<number> {
    const row = await db
      .insertInto('dbs')
      .values({
        ...(toRow(write) as Insertable<DbDatabase>),
        uuid: randomUUID(),
        ...createdStamp(by),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Db, id: number, write: Partial<DatabaseWrite>, by: AuditSource): Promise<void> {
    await db
      .updateTable('dbs')
      .set({ ...toRow(write), ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('dbs').where('id', '=', id).execute();
  },

  /** Names of the users who created or changed databases, for the list's nested fields. */
  async userNames(
    db: Db,
    ids: number[],
  ): Promise<Map<number, { first_name: string; last_name: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('ab_user')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, { first_name: r.first_name, last_name: r.last_name }]));
  },
};
