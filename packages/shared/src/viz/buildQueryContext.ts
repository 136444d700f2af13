import type { QueryObjectFilter } from '../api/chartData.ts';
import { DEFAULT_EXPLORE_ROW_LIMIT, DEFAULT_TIME_GRAIN } from '../controls/options.ts';
import { parseDatasourceKey } from '../datasourceKey.ts';
import type {
  AdhocColumn,
  AdhocFilter,
  BuildQueryOptions,
  Column,
  Metric,
  QueryContext,
  QueryFormData,
  QueryObject,
} from './types.ts';

/**
 * The common part of every chart type's buildQuery: form data in, a query context for
 * `POST /api/v1/chart/data` out. Chart types start from `baseQueryObject` and add their columns,
 * metrics, ordering and post-processing.
 */

export function getMetricLabel(metric: Metric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE' && metric.aggregate) {
    return `${metric.aggregate}(${metric.column?.column_name ?? ''})`;
  }
  return metric.sqlExpression ?? '';
}

export function getColumnLabel(column: Column): string {
  if (typeof column === 'string') return column;
  return column.label ?? column.sqlExpression;
}

export function isAdhocColumn(column: unknown): column is AdhocColumn {
  return typeof column === 'object' && column !== null && 'sqlExpression' in column;
}

function toInt(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Merges what dashboards add (native filters, cross-filters) into the chart's own form data, as
 * Superset does: filters are appended, the time range, time column and time grain override.
 * (Simple `filters` and `extras` join the query object in `baseQueryObject`.)
 */
export function applyExtraFormData(formData: QueryFormData): QueryFormData {
  const extra = formData.extra_form_data;
  if (!extra) return formData;
  const merged: QueryFormData = { ...formData };
  if (extra.adhoc_filters?.length) {
    merged.adhoc_filters = [
      ...(formData.adhoc_filters ?? []),
      ...extra.adhoc_filters.map((f) => ({ ...f, isExtra: true })),
    ];
  }
  if (extra.time_range) merged.time_range = extra.time_range;
  const timeColumn = extra.granularity_sqla || extra.time_column;
  if (timeColumn) merged.granularity_sqla = timeColumn;
  const grain = extra.time_grain_sqla || extra.extras?.time_grain_sqla;
  if (grain) merged.time_grain_sqla = grain;
  return merged;
}

const joinClauses = (...parts: Array<string | null | undefined>) => {
  const present = parts.filter((p): p is string => !!p?.trim());
  return present.length
    ? present.map((p) => (present.length > 1 ? `(${p})` : p)).join(' AND ')
    : undefined;
};

/**
 * A dashboard's time grain reaches the x-axis too: every BASE_AXIS column of the chart's queries
 * takes the grain its extra form data sets (Superset's normalizeTimeColumn reads it likewise).
 */
function withExtraGrain(queries: QueryObject[], formData: QueryFormData): QueryObject[] {
  const extra = formData.extra_form_data;
  const grain = extra?.time_grain_sqla || extra?.extras?.time_grain_sqla;
  if (!grain) return queries;
  return queries.map((query) => ({
    ...query,
    columns: query.columns?.map((column) =>
      isAdhocColumn(column) && column.columnType === 'BASE_AXIS' && column.timeGrain
        ? { ...column, timeGrain: grain }
        : column,
    ),
  }));
}

/** SIMPLE WHERE filters become query filters; custom SQL ones become `extras.where/having`. */
export function splitAdhocFilters(filters: readonly AdhocFilter[] = []): {
  filters: QueryObjectFilter[];
  where?: string;
  having?: string;
} {
  const simple: QueryObjectFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const filter of filters) {
    if (filter.expressionType === 'SQL') {
      const sql = filter.sqlExpression?.trim();
      if (!sql) continue;
      (filter.clause === 'HAVING' ? having : where).push(`(${sql})`);
      continue;
    }
    if (!filter.subject || !filter.operator) continue;
    const entry: QueryObjectFilter = {
      col: filter.subject,
      op: filter.operator,
      ...(filter.comparator !== undefined && filter.comparator !== null
        ? { val: filter.comparator as QueryObjectFilter['val'] }
        : {}),
      ...(filter.isExtra ? { isExtra: true } : {}),
    };
    simple.push(entry);
  }
  return {
    filters: simple,
    ...(where.length ? { where: where.join(' AND ') } : {}),
    ...(having.length ? { having: having.join(' AND ') } : {}),
  };
}

/** The x-axis as a query column: a temporal column carries the time grain (BASE_AXIS). */
export function xAxisColumn(formData: QueryFormData, temporal = true): Column | undefined {
  const axis = formData.x_axis ?? formData.granularity_sqla;
  if (axis === undefined || axis === null || axis === '') return undefined;
  if (!temporal) return axis;
  const grain = formData.time_grain_sqla || DEFAULT_TIME_GRAIN;
  if (isAdhocColumn(axis)) return { ...axis, columnType: 'BASE_AXIS', timeGrain: grain };
  return {
    sqlExpression: axis,
    label: axis,
    columnType: 'BASE_AXIS',
    timeGrain: grain,
    expressionType: 'SQL',
  };
}

/** What every chart type's query object starts from. */
export function baseQueryObject(formData: QueryFormData): QueryObject {
  const fd = applyExtraFormData(formData);
  const split = splitAdhocFilters(fd.adhoc_filters);
  const extra = formData.extra_form_data;
  const filters: QueryObjectFilter[] = [
    ...split.filters,
    ...(extra?.filters ?? []).map(
      (f) => ({ col: f.col, op: f.op, val: f.val, isExtra: true }) as QueryObjectFilter,
    ),
  ];
  const where = joinClauses(split.where, extra?.extras?.where);
  const having = joinClauses(split.having, extra?.extras?.having);
  const seriesLimit = toInt(fd.series_limit ?? fd.limit);
  const query: QueryObject = {
    time_range: fd.time_range ?? 'No filter',
    granularity: fd.granularity_sqla ?? undefined,
    filters,
    extras: {
      ...(where ? { where } : {}),
      ...(having ? { having } : {}),
      time_grain_sqla: fd.time_grain_sqla || DEFAULT_TIME_GRAIN,
    },
    applied_time_extras: {},
    columns: [],
    metrics: [],
    orderby: [],
    annotation_layers: Array.isArray(fd.annotation_layers)
      ? (fd.annotation_layers as Array<Record<string, unknown>>).filter((l) => l.show !== false)
      : [],
    row_limit: toInt(fd.row_limit) ?? DEFAULT_EXPLORE_ROW_LIMIT,
    series_limit: seriesLimit ?? 0,
    order_desc: fd.order_desc ?? true,
    url_params: fd.url_params ?? {},
  };
  if (fd.series_limit_metric) query.series_limit_metric = fd.series_limit_metric;
  return query;
}

/**
 * Wraps query objects into a query context. `buildQueries` receives the base query object and
 * returns the chart's queries (most charts: one).
 */
export function buildQueryContext(
  formData: QueryFormData,
  options: BuildQueryOptions | undefined,
  buildQueries: (base: QueryObject) => QueryObject[],
): QueryContext {
  const key = parseDatasourceKey(formData.datasource);
  return {
    datasource: { id: key?.id ?? 0, type: key?.type ?? 'table' },
    force: options?.force ?? false,
    queries: withExtraGrain(buildQueries(baseQueryObject(formData)), formData),
    form_data: formData,
    result_format: options?.resultFormat ?? 'json',
    result_type: options?.resultType ?? 'full',
  };
}
