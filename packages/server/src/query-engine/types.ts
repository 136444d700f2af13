import type { TypeGeneric } from '../engines/types.ts';

/**
 * What the compiler needs to know of a dataset: a plain description, so the compiler is tested
 * without the datasets feature (which builds one from its tables).
 */
export interface DatasetColumnForQuery {
  column_name: string;
  /** SQL of a calculated column; null for a physical column. */
  expression?: string | null;
  is_dttm: boolean;
  type?: string | null;
  type_generic?: TypeGeneric | null;
  filterable?: boolean;
  groupby?: boolean;
}

export interface DatasetMetricForQuery {
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
}

export interface DatasetForQuery {
  id: number;
  table_name: string;
  schema: string | null;
  catalog?: string | null;
  /** The SQL of a virtual dataset; null or empty for a physical table. */
  sql: string | null;
  columns: DatasetColumnForQuery[];
  metrics: DatasetMetricForQuery[];
  main_dttm_col: string | null;
  /** JSON object of template parameters (dataset `template_params`). */
  template_params?: Record<string, unknown> | null;
}
