import type { Generated } from 'kysely';
import type { AnnotationTables } from '../annotations/tables.ts';
import type { RlsTables } from '../rls/tables.ts';

/**
 * Row types of the dataset tables (migration 0004), named as Superset names them. Booleans are
 * 0/1, times ISO text, `extra`/`template_params`/`currency` JSON text.
 */
export interface DbDataset {
  id: Generated<number>;
  uuid: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table_name: string;
  /** The SQL of a virtual dataset; null or empty for a physical one. */
  sql: string | null;
  main_dttm_col: string | null;
  default_endpoint: string | null;
  offset: Generated<number>;
  cache_timeout: number | null;
  description: string | null;
  is_sqllab_view: Generated<number>;
  template_params: string | null;
  extra: string | null;
  filter_select_enabled: Generated<number>;
  fetch_values_predicate: string | null;
  normalize_columns: Generated<number>;
  always_filter_main_dttm: Generated<number>;
  is_managed_externally: Generated<number>;
  external_url: string | null;
  currency_code_column: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbTableColumn {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  column_name: string;
  verbose_name: string | null;
  type: string | null;
  is_dttm: number;
  groupby: number;
  filterable: number;
  expression: string | null;
  description: string | null;
  python_date_format: string | null;
  advanced_data_type: string | null;
  /** JSON text: `warning_markdown`, `certification: {certified_by, details}`. */
  extra: string | null;
  is_active: number;
  created_on: string;
  changed_on: string;
}

export interface DbSqlMetric {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  /** JSON text: `{symbol, symbolPosition}`. */
  currency: string | null;
  warning_text: string | null;
  /** JSON text: `warning_markdown`, `certification: {certified_by, details}`. */
  extra: string | null;
  created_on: string;
  changed_on: string;
}

export interface DbDatasetOwner {
  id: Generated<number>;
  dataset_id: number;
  user_id: number;
}

/** Every table migration 0004 creates, joined into MetadataTables with one line. */
export interface DatasetTables extends RlsTables, AnnotationTables {
  tables: DbDataset;
  table_columns: DbTableColumn;
  sql_metrics: DbSqlMetric;
  dataset_owners: DbDatasetOwner;
}
