import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DbCssTemplate } from '../dashboards/tables.ts';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;
export type CssTemplateRow = Selectable<DbCssTemplate>;

/** The only SQL against `css_templates`. */
export const cssTemplateRepository = {
  async list(db: Db): Promise<CssTemplateRow[]> {
    return db.selectFrom('css_templates').selectAll().orderBy('id').execute();
  },

  async get(db: Db, id: number): Promise<CssTemplateRow | undefined> {
    return db.selectFrom('css_templates').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** `by`: the actor (or user id) the audit columns record. */
  async insert(db: Db, write: { template_name: string; css: string }, by: AuditSource) {
    const row = await db
      .insertInto('css_templates')
      .values({ ...write, uuid: randomUUID(), ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(
    db: Db,
    id: number,
    write: { template_name?: string; css?: string },
    by: AuditSource,
  ): Promise<void> {
    await db
      .updateTable('css_templates')
      .set({ ...write, ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  async delete(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('css_templates').where('id', 'in', ids).execute();
  },

  async people(db: Db, ids: number[]) {
    if (ids.length === 0)
      return new Map<number, { id: number; first_name: string; last_name: string }>();
    const rows = await db
      .selectFrom('ab_user')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },
};
