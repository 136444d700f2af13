import type { Generated } from 'kysely';

/** Row types of the annotation tables (migration 0004). Times are ISO text. */
export interface DbAnnotationLayer {
  id: Generated<number>;
  name: string;
  descr: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbAnnotation {
  id: Generated<number>;
  layer_id: number;
  start_dttm: string | null;
  end_dttm: string | null;
  short_descr: string | null;
  long_descr: string | null;
  /** JSON text. */
  json_metadata: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface AnnotationTables {
  annotation_layer: DbAnnotationLayer;
  annotation: DbAnnotation;
}
