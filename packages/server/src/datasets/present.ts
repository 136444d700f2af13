import type {
  Currency,
  DatasetColumn,
  DatasetItem,
  DatasetListItem,
  DatasetMetric,
  DatasourceColumn,
  DatasourceJson,
  DatasourceMetric,
} from '@tessera/shared/api/datasets';
import { selectStarSql } from '../databases/browse.ts';
import { safeGetSpec } from '../databases/connections.ts';
import { humanizeAge } from '../databases/present.ts';
import { TIME_GRAIN_NAMES, type TimeGrain } from '../engines/timeGrains.ts';
import { activeColumns, kindOf, type LoadedDataset, parseJsonObject } from './model.ts';
import type { ColumnRow, MetricRow, UserName } from './repository.ts';
import { typeGenericOf } from './typeGeneric.ts';

/** Stored rows to Superset's wire shapes: the API item, the list row and explore's JSON. */

const bool = (value: number | null | undefined) => Boolean(value);

interface Certified {
  warning_markdown: string | null;
  certified_by: string | null;
  certification_details: string | null;
  is_certified: boolean;
}

/** `extra` of a column or metric: `warning_markdown` and `certification {certified_by, details}`. */
export function certificationOf(extraText: string | null): Certified {
  const extra = parseJsonObject(extraText);
  const certification = parseJsonObject(
    typeof extra.certification === 'object' ? JSON.stringify(extra.certification) : null,
  );
  const certifiedBy =
    typeof certification.certified_by === 'string' && certification.certified_by !== ''
      ? certification.certified_by
      : null;
  return {
    warning_markdown: typeof extra.warning_markdown === 'string' ? extra.warning_markdown : null,
    certified_by: certifiedBy,
    certification_details: typeof certification.details === 'string' ? certification.details : null,
    is_certified: certifiedBy !== null,
  };
}

export function currencyOf(text: string | null): Currency | null {
  if (!text) return null;
  const parsed = parseJsonObject(text);
  if (Object.keys(parsed).length > 0) return parsed as Currency;
  // A bare code stored by an older client.
  return { symbol: text, symbolPosition: 'prefix' };
}

export function toColumn(engine: string, column: ColumnRow): DatasetColumn {
  return {
    id: column.id,
    uuid: column.uuid,
    column_name: column.column_name,
    verbose_name: column.verbose_name,
    type: column.type,
    type_generic: typeGenericOf(engine, column.type),
    is_dttm: bool(column.is_dttm),
    groupby: bool(column.groupby),
    filterable: bool(column.filterable),
    expression: column.expression,
    description: column.description,
    python_date_format: column.python_date_format,
    advanced_data_type: column.advanced_data_type,
    is_active: bool(column.is_active),
    extra: column.extra,
    ...certificationOf(column.extra),
    created_on: column.created_on,
    changed_on: column.changed_on,
  };
}

export function toMetric(metric: MetricRow): DatasetMetric {
  return {
    id: metric.id,
    uuid: metric.uuid,
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name,
    metric_type: metric.metric_type,
    expression: metric.expression,
    description: metric.description,
    d3format: metric.d3format,
    currency: currencyOf(metric.currency),
    warning_text: metric.warning_text,
    extra: metric.extra,
    ...certificationOf(metric.extra),
    created_on: metric.created_on,
    changed_on: metric.changed_on,
  };
}

const ownerOf = (u: UserName) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name });
const nameOf = (u: UserName | null) =>
  u ? { first_name: u.first_name, last_name: u.last_name } : null;

export function exploreUrl(dataset: LoadedDataset): string {
  return (
    dataset.row.default_endpoint ||
    `/explore/?datasource_type=table&datasource_id=${dataset.row.id}`
  );
}

export function selectStarOf(dataset: LoadedDataset): string | null {
  const spec = safeGetSpec(dataset.database.engine);
  if (!spec) return null;
  return selectStarSql(spec.dialect, dataset.row.table_name, dataset.row.schema, []);
}

/** The engine's time grains as `[grain, name]` pairs (Superset's `time_grain_sqla`). */
export function timeGrainChoices(engine: string): Array<[string, string]> {
  const spec = safeGetSpec(engine);
  if (!spec) return [];
  return spec.dialect.timeGrains.map((grain) => [
    grain,
    TIME_GRAIN_NAMES[grain as TimeGrain] ?? grain,
  ]);
}

function dttmColumnNames(dataset: LoadedDataset): string[] {
  const names = activeColumns(dataset)
    .filter((c) => c.is_dttm)
    .map((c) => c.column_name);
  const main = dataset.row.main_dttm_col;
  if (main && !names.includes(main)) names.push(main);
  return names;
}

/** Python's json.dumps spacing, as Superset's order_by_choices keys are written. */
const orderKey = (column: string, ascending: boolean) =>
  `[${JSON.stringify(column)}, ${ascending ? 'true' : 'false'}]`;

function orderByChoices(dataset: LoadedDataset): Array<[string, string]> {
  const names = activeColumns(dataset)
    .map((c) => c.column_name)
    .sort();
  return names.flatMap(
    (name): Array<[string, string]> => [
      [orderKey(name, true), `${name} [asc]`],
      [orderKey(name, false), `${name} [desc]`],
    ],
  );
}

function verboseMap(dataset: LoadedDataset): Record<string, string> {
  const map: Record<string, string> = { __timestamp: 'Time' };
  for (const m of dataset.metrics) map[m.metric_name] = m.verbose_name || m.metric_name;
  for (const c of activeColumns(dataset)) map[c.column_name] = c.verbose_name || c.column_name;
  return map;
}

function columnFormats(dataset: LoadedDataset): Record<string, string> {
  const formats: Record<string, string> = {};
  for (const m of dataset.metrics) if (m.d3format) formats[m.metric_name] = m.d3format;
  return formats;
}

export function toItem(dataset: LoadedDataset): DatasetItem {
  const { row, database } = dataset;
  return {
    id: row.id,
    uuid: row.uuid,
    uid: `${row.id}__table`,
    name: row.table_name,
    datasource_name: row.table_name,
    datasource_type: 'table',
    kind: kindOf(row),
    table_name: row.table_name,
    database: {
      id: database.id,
      database_name: database.database_name,
      uuid: database.uuid,
      backend: database.engine,
      allow_multi_catalog: false,
    },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    description: row.description,
    main_dttm_col: row.main_dttm_col,
    currency_code_column: row.currency_code_column,
    default_endpoint: row.default_endpoint,
    offset: row.offset,
    cache_timeout: row.cache_timeout,
    is_sqllab_view: bool(row.is_sqllab_view),
    template_params: row.template_params,
    filter_select_enabled: bool(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    normalize_columns: bool(row.normalize_columns),
    always_filter_main_dttm: bool(row.always_filter_main_dttm),
    is_managed_externally: bool(row.is_managed_externally),
    external_url: row.external_url,
    extra: row.extra,
    select_star: selectStarOf(dataset),
    url: `/tablemodelview/edit/${row.id}`,
    owners: dataset.owners.map(ownerOf),
    columns: dataset.columns.map((c) => toColumn(database.engine, c)),
    metrics: dataset.metrics.map(toMetric),
    folders: null,
    column_formats: columnFormats(dataset),
    verbose_map: verboseMap(dataset),
    granularity_sqla: dttmColumnNames(dataset).map((n): [string, string] => [n, n]),
    time_grain_sqla: timeGrainChoices(database.engine),
    order_by_choices: orderByChoices(dataset),
    created_on: row.created_on,
    created_on_humanized: humanizeAge(row.created_on),
    created_by: nameOf(dataset.createdBy),
    changed_on: row.changed_on,
    changed_on_humanized: humanizeAge(row.changed_on),
    changed_by: nameOf(dataset.changedBy),
  };
}

export function toListItem(dataset: LoadedDataset): DatasetListItem {
  const { row, database, changedBy } = dataset;
  return {
    id: row.id,
    uuid: row.uuid,
    table_name: row.table_name,
    kind: kindOf(row),
    datasource_type: 'table',
    database: { id: database.id, database_name: database.database_name, uuid: database.uuid },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    description: row.description,
    default_endpoint: row.default_endpoint,
    explore_url: exploreUrl(dataset),
    extra: row.extra,
    owners: dataset.owners.map(ownerOf),
    changed_by: changedBy ? ownerOf(changedBy) : null,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    changed_on: row.changed_on,
    changed_on_utc: row.changed_on,
    changed_on_delta_humanized: humanizeAge(row.changed_on),
  };
}

function toDatasourceColumn(engine: string, column: ColumnRow): DatasourceColumn {
  return {
    id: column.id,
    column_name: column.column_name,
    verbose_name: column.verbose_name,
    description: column.description,
    expression: column.expression,
    filterable: bool(column.filterable),
    groupby: bool(column.groupby),
    is_dttm: bool(column.is_dttm),
    type: column.type,
    type_generic: typeGenericOf(engine, column.type),
    advanced_data_type: column.advanced_data_type,
    python_date_format: column.python_date_format,
    ...certificationOf(column.extra),
  };
}

function toDatasourceMetric(metric: MetricRow): DatasourceMetric {
  return {
    id: metric.id,
    uuid: metric.uuid,
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name,
    description: metric.description,
    expression: metric.expression,
    warning_text: metric.warning_text,
    d3format: metric.d3format,
    currency: currencyOf(metric.currency),
    ...certificationOf(metric.extra),
  };
}

/** The datasource JSON explore works from (Superset's SqlaTable.data). */
export function toDatasourceJson(dataset: LoadedDataset): DatasourceJson {
  const { row, database } = dataset;
  const columns = activeColumns(dataset);
  return {
    id: row.id,
    uid: `${row.id}__table`,
    uuid: row.uuid,
    type: 'table',
    datasource_name: row.table_name,
    name: row.table_name,
    table_name: row.table_name,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    description: row.description,
    database: {
      id: database.id,
      backend: database.engine,
      name: database.database_name,
      database_name: database.database_name,
    },
    columns: columns.map((c) => toDatasourceColumn(database.engine, c)),
    metrics: dataset.metrics.map(toDatasourceMetric),
    main_dttm_col: row.main_dttm_col,
    granularity_sqla: dttmColumnNames(dataset).map((n): [string, string] => [n, n]),
    time_grain_sqla: timeGrainChoices(database.engine),
    order_by_choices: orderByChoices(dataset),
    verbose_map: verboseMap(dataset),
    column_formats: columnFormats(dataset),
    column_names: columns.map((c) => c.column_name),
    filter_select: bool(row.filter_select_enabled),
    filter_select_enabled: bool(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    template_params: row.template_params,
    cache_timeout: row.cache_timeout,
    offset: row.offset,
    default_endpoint: row.default_endpoint,
    is_sqllab_view: bool(row.is_sqllab_view),
    normalize_columns: bool(row.normalize_columns),
    always_filter_main_dttm: bool(row.always_filter_main_dttm),
    currency_code_column: row.currency_code_column,
    extra: row.extra,
    owners: dataset.owners.map((u) => ({ ...ownerOf(u), username: u.username })),
    select_star: selectStarOf(dataset),
    edit_url: `/tablemodelview/edit/${row.id}`,
    health_check_message: null,
    is_managed_externally: bool(row.is_managed_externally),
    external_url: row.external_url,
    changed_on: row.changed_on,
  };
}

/**
 * `columns` of a `q`: keeps the named fields, nested ones (`database.id`, `owners.first_name`)
 * as objects (or arrays of objects) holding only the named children.
 */
export function pickFields(
  source: Record<string, unknown>,
  fields: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested = new Map<string, string[]>();
  for (const field of fields) {
    const dot = field.indexOf('.');
    if (dot === -1) {
      if (field in source) out[field] = source[field];
      continue;
    }
    const parent = field.slice(0, dot);
    const list = nested.get(parent) ?? [];
    list.push(field.slice(dot + 1));
    nested.set(parent, list);
  }
  for (const [parent, children] of nested) {
    if (parent in out) continue;
    const value = source[parent];
    if (Array.isArray(value)) {
      out[parent] = value.map((item) =>
        item && typeof item === 'object'
          ? pickFields(item as Record<string, unknown>, children)
          : item,
      );
    } else if (value && typeof value === 'object') {
      out[parent] = pickFields(value as Record<string, unknown>, children);
    } else if (parent in source) {
      out[parent] = value;
    }
  }
  return out;
}
