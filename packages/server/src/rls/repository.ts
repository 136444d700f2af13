import type { Kysely, Selectable, Transaction } from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbRlsFilter } from './tables.ts';

export type RlsRow = Selectable<DbRlsFilter>;
type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

export interface RlsWrite {
  name: string;
  description: string | null;
  filter_type: string;
  group_key: string | null;
  clause: string;
}

/** A rule as the combination needs it. */
export interface RlsRuleRef {
  id: number;
  filter_type: string;
  group_key: string | null;
  clause: string;
  roleNames: string[];
}

/** The only SQL against `row_level_security_filters`, `rls_filter_roles`, `rls_filter_tables`. */
export const rlsRepository = {
  async list(db: Db): Promise<RlsRow[]> {
    return db.selectFrom('row_level_security_filters').selectAll().orderBy('id').execute();
  },

  async get(db: Db, id: number): Promise<RlsRow | undefined> {
    return db
      .selectFrom('row_level_security_filters')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async getByName(db: Db, name: string): Promise<RlsRow | undefined> {
    return db
      .selectFrom('row_level_security_filters')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  },

  /** `by`: the actor (or user id) the audit columns record. */
  async insert(db: Db, write: RlsWrite, by: AuditSource): Promise<number> {
    const row = await db
      .insertInto('row_level_security_filters')
      .values({ ...write, ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Db, id: number, write: Partial<RlsWrite>, by: AuditSource) {
    await db
      .updateTable('row_level_security_filters')
      .set({ ...write, ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  async delete(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('row_level_security_filters').where('id', 'in', ids).execute();
  },

  async setRoles(db: Db, id: number, roleIds: number[]): Promise<void> {
    await db.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', id).execute();
    const unique = [...new Set(roleIds)];
    if (unique.length > 0)
      await db
        .insertInto('rls_filter_roles')
        .values(unique.map((role_id) => ({ rls_filter_id: id, role_id })))
        .execute();
  },

  async setTables(db: Db, id: number, tableIds: number[]): Promise<void> {
    await db.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', id).execute();
    const unique = [...new Set(tableIds)];
    if (unique.length > 0)
      await db
        .insertInto('rls_filter_tables')
        .values(unique.map((table_id) => ({ rls_filter_id: id, table_id })))
        .execute();
  },

  async rolesOf(
    db: Db,
    ids: number[],
  ): Promise<Array<{ rls_filter_id: number; id: number; name: string }>> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('rls_filter_roles')
      .innerJoin('ab_role', 'ab_role.id', 'rls_filter_roles.role_id')
      .select(['rls_filter_roles.rls_filter_id', 'ab_role.id', 'ab_role.name'])
      .where('rls_filter_roles.rls_filter_id', 'in', ids)
      .orderBy('ab_role.id')
      .execute();
  },

  async tablesOf(
    db: Db,
    ids: number[],
  ): Promise<
    Array<{ rls_filter_id: number; id: number; schema: string | null; table_name: string }>
  > {
    if (ids.length === 0) return [];
    return db
      .selectFrom('rls_filter_tables')
      .innerJoin('tables', 'tables.id', 'rls_filter_tables.table_id')
      .select([
        'rls_filter_tables.rls_filter_id',
        'tables.id',
        'tables.schema',
        'tables.table_name',
      ])
      .where('rls_filter_tables.rls_filter_id', 'in', ids)
      .orderBy('tables.id')
      .execute();
  },

  async existingRoleIds(db: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('ab_role').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  },

  async existingTableIds(db: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('tables').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  },

  /** Every rule attached to a dataset, with the names of its roles. */
  async rulesForTable(db: Db, tableId: number): Promise<RlsRuleRef[]> {
    const rules = await db
      .selectFrom('row_level_security_filters as f')
      .innerJoin('rls_filter_tables as t', 't.rls_filter_id', 'f.id')
      .select(['f.id', 'f.filter_type', 'f.group_key', 'f.clause'])
      .where('t.table_id', '=', tableId)
      .orderBy('f.id')
      .execute();
    const roles = await rlsRepository.rolesOf(
      db,
      rules.map((r) => r.id),
    );
    return rules.map((rule) => ({
      ...rule,
      roleNames: roles.filter((r) => r.rls_filter_id === rule.id).map((r) => r.name),
    }));
  },
};
