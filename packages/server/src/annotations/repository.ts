import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbAnnotation, DbAnnotationLayer } from './tables.ts';

export type LayerRow = Selectable<DbAnnotationLayer>;
export type AnnotationRow = Selectable<DbAnnotation>;
type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

export interface LayerWrite {
  name: string;
  descr: string | null;
}

export interface AnnotationWrite {
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}

/** The only SQL against `annotation_layer` and `annotation`. */
export const annotationRepository = {
  async layers(db: Db): Promise<LayerRow[]> {
    return db.selectFrom('annotation_layer').selectAll().orderBy('id').execute();
  },

  async layer(db: Db, id: number): Promise<LayerRow | undefined> {
    return db.selectFrom('annotation_layer').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async layerByName(db: Db, name: string): Promise<LayerRow | undefined> {
    return db
      .selectFrom('annotation_layer')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  },

  /** `by`: the actor (or user id) the audit columns record. */
  async insertLayer(db: Db, write: LayerWrite, by: AuditSource): Promise<number> {
    const row = await db
      .insertInto('annotation_layer')
      .values({ ...write, ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateLayer(db: Db, id: number, write: Partial<LayerWrite>, by: AuditSource) {
    await db
      .updateTable('annotation_layer')
      .set({ ...write, ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  async deleteLayers(db: Db, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.deleteFrom('annotation_layer').where('id', 'in', ids).execute();
  },

  async countAnnotations(db: Db, layerIds: number[]): Promise<number> {
    if (layerIds.length === 0) return 0;
    const row = await db
      .selectFrom('annotation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('layer_id', 'in', layerIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async annotations(db: Db, layerId: number): Promise<AnnotationRow[]> {
    return db
      .selectFrom('annotation')
      .selectAll()
      .where('layer_id', '=', layerId)
      .orderBy('id')
      .execute();
  },

  async annotation(db: Db, layerId: number, id: number): Promise<AnnotationRow | undefined> {
    return db
      .selectFrom('annotation')
      .selectAll()
      .where('layer_id', '=', layerId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async insertAnnotation(
    db: Db,
    layerId: number,
    write: AnnotationWrite,
    by: AuditSource,
  ): Promise<number> {
    const row = await db
      .insertInto('annotation')
      .values({ ...write, layer_id: layerId, ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateAnnotation(
    db: Db,
    id: number,
    write: Updateable<DbAnnotation>,
    by: AuditSource,
  ): Promise<void> {
    await db
      .updateTable('annotation')
      .set({ ...write, ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  async deleteAnnotations(db: Db, layerId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .deleteFrom('annotation')
      .where('layer_id', '=', layerId)
      .where('id', 'in', ids)
      .execute();
  },
};
