import { notFound } from '@tessera/shared/errors';
import { type Principal, principalOf } from '../databases/access.ts';
import type { TypeGeneric } from '../engines/types.ts';
import type { MetadataStore } from '../platform/metadata/store.ts';
import type { Actor } from '../security/actor.ts';
import { canAccessDataset } from './access.ts';
import { activeColumns, type LoadedDataset, loadDataset, parseJsonObject } from './model.ts';
import { typeGenericOf } from './typeGeneric.ts';

/**
 * What the query engine (chart data, samples, explore) takes from a dataset: the dataset after
 * the data-access check, and a plain description of it for the SQL compiler.
 */

export interface QueryCaller {
  principal: Principal;
  userId: number | null;
}

/** The caller of a query, from the actor it runs for. */
export function queryCallerOf(actor: Actor): QueryCaller {
  return { principal: principalOf(actor), userId: actor.user?.id ?? null };
}

/**
 * The dataset for a query, or 404 when it does not exist or the caller has no data access to it
 * (`datasource_access`, schema/database grants, all_datasource_access, owner). The class
 * permission of the calling route (chart data, explore) is the caller's to check.
 */
export async function datasetForQuery(
  ctx: { store: MetadataStore },
  caller: QueryCaller,
  datasetId: number,
): Promise<LoadedDataset> {
  const dataset = await loadDataset(ctx.store, datasetId);
  if (!dataset || !canAccessDataset(caller.principal, dataset, caller.userId)) throw notFound();
  return dataset;
}

export interface QueryDataset {
  id: number;
  uid: string;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  columns: Array<{
    column_name: string;
    expression: string | null;
    is_dttm: boolean;
    type: string | null;
    type_generic: TypeGeneric | null;
    filterable: boolean;
    groupby: boolean;
    python_date_format: string | null;
  }>;
  metrics: Array<{
    metric_name: string;
    expression: string;
    verbose_name: string | null;
    d3format: string | null;
  }>;
  main_dttm_col: string | null;
  template_params: Record<string, unknown>;
  fetch_values_predicate: string | null;
  always_filter_main_dttm: boolean;
  normalize_columns: boolean;
  offset: number;
  cache_timeout: number | null;
  /** `extra.default_time_grain` etc., parsed. */
  extra: Record<string, unknown>;
  /** Part of cache keys: any edit of the dataset moves it. */
  changed_on: string;
  database: {
    id: number;
    database_name: string;
    engine: string;
    cache_timeout: number | null;
    changed_on: string;
  };
}

/** The plain description the compiler works from (active columns only). */
export function toQueryDataset(dataset: LoadedDataset): QueryDataset {
  const { row, database } = dataset;
  return {
    id: row.id,
    uid: `${row.id}__table`,
    table_name: row.table_name,
    schema: row.schema,
    catalog: row.catalog,
    sql: row.sql?.trim() ? row.sql : null,
    columns: activeColumns(dataset).map((c) => ({
      column_name: c.column_name,
      expression: c.expression?.trim() ? c.expression : null,
      is_dttm: Boolean(c.is_dttm),
      type: c.type,
      type_generic: typeGenericOf(database.engine, c.type),
      filterable: Boolean(c.filterable),
      groupby: Boolean(c.groupby),
      python_date_format: c.python_date_format,
    })),
    metrics: dataset.metrics.map((m) => ({
      metric_name: m.metric_name,
      expression: m.expression,
      verbose_name: m.verbose_name,
      d3format: m.d3format,
    })),
    main_dttm_col: row.main_dttm_col,
    template_params: parseJsonObject(row.template_params),
    fetch_values_predicate: row.fetch_values_predicate,
    always_filter_main_dttm: Boolean(row.always_filter_main_dttm),
    normalize_columns: Boolean(row.normalize_columns),
    offset: row.offset,
    cache_timeout: row.cache_timeout,
    extra: parseJsonObject(row.extra),
    changed_on: row.changed_on,
    database: {
      id: database.id,
      database_name: database.database_name,
      engine: database.engine,
      cache_timeout: database.cache_timeout,
      changed_on: database.changed_on,
    },
  };
}
