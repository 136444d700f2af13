import type { QueryObjectFilter } from '../api/chartData.ts';
import { buildQueryContext } from '../viz/buildQueryContext.ts';
import type { AdhocFilter, ExtraFormData, QueryContext, QueryFormData } from '../viz/types.ts';
import { type DataMask, FILTER_VALUES_ROW_LIMIT, type NativeFilter } from './nativeFilters.ts';

/**
 * The chart-data queries native filters ask their options with, as Superset's filter plugins
 * build them: a value filter asks the distinct values of its column (at most 1,000, the search
 * sent to the server, its cascade parents' selections applied), a range filter the column's
 * minimum and maximum. They go through `POST /api/v1/chart/data` like any chart, so the same
 * access rules, row-level security and cache apply.
 */

/** The parents' selections, merged as one extra form data (filters appended). */
export function mergeDataMasks(masks: readonly DataMask[]): ExtraFormData | undefined {
  const merged: ExtraFormData = {};
  for (const mask of masks) {
    const extra = mask.extraFormData as ExtraFormData | undefined;
    if (!extra) continue;
    if (extra.filters?.length) merged.filters = [...(merged.filters ?? []), ...extra.filters];
    if (extra.adhoc_filters?.length) {
      merged.adhoc_filters = [...(merged.adhoc_filters ?? []), ...extra.adhoc_filters];
    }
    for (const key of [
      'time_range',
      'granularity_sqla',
      'time_grain_sqla',
      'time_column',
    ] as const) {
      if (extra[key]) merged[key] = extra[key];
    }
  }
  return Object.keys(merged).length ? merged : undefined;
}

function filterFormData(filter: NativeFilter, parents: readonly DataMask[]): QueryFormData {
  const target = filter.targets[0];
  const extra = mergeDataMasks(parents);
  return {
    datasource: `${target?.datasetId ?? 0}__table`,
    viz_type: filter.filterType,
    // A WHERE clause left blank in the config modal limits nothing.
    adhoc_filters: (filter.adhoc_filters ?? []).filter(
      (f) => !(f.expressionType === 'SQL' && !String(f.sqlExpression ?? '').trim()),
    ) as unknown as AdhocFilter[],
    time_range: filter.time_range ?? 'No filter',
    ...(filter.granularity_sqla ? { granularity_sqla: filter.granularity_sqla } : {}),
    row_limit: FILTER_VALUES_ROW_LIMIT,
    ...(extra ? { extra_form_data: extra } : {}),
  };
}

const controls = (filter: NativeFilter) => (filter.controlValues ?? {}) as Record<string, unknown>;

/** The options of a value filter: distinct values of its column, sorted as configured. */
export function selectFilterQuery(
  filter: NativeFilter,
  options: { search?: string; parents?: readonly DataMask[]; numeric?: boolean } = {},
): QueryContext {
  const column = filter.targets[0]?.column?.name ?? '';
  const sortAscending = controls(filter).sortAscending;
  const sortMetric = filter.sortMetric ?? null;
  const search = options.search?.trim();
  const searchFilter: QueryObjectFilter[] = [];
  if (search) {
    const number = Number(search);
    if (!options.numeric) searchFilter.push({ col: column, op: 'ILIKE', val: `%${search}%` });
    else if (Number.isFinite(number)) searchFilter.push({ col: column, op: '==', val: number });
  }
  return buildQueryContext(filterFormData(filter, options.parents ?? []), undefined, (base) => [
    {
      ...base,
      columns: [column],
      metrics: sortMetric ? [sortMetric] : [],
      filters: [...(base.filters ?? []), ...searchFilter],
      // Ascending unless the filter says otherwise, by the sort metric when it has one.
      orderby: [[sortMetric ?? column, sortAscending !== false]],
    },
  ]);
}

/** The bounds of a range filter: the minimum and maximum of its column. */
export function rangeFilterQuery(
  filter: NativeFilter,
  options: { parents?: readonly DataMask[] } = {},
): QueryContext {
  const column = filter.targets[0]?.column?.name ?? '';
  const bound = (fn: 'MIN' | 'MAX', label: string) => ({
    expressionType: 'SIMPLE' as const,
    column: { column_name: column },
    aggregate: fn,
    label,
  });
  return buildQueryContext(filterFormData(filter, options.parents ?? []), undefined, (base) => [
    { ...base, columns: [], metrics: [bound('MIN', 'min'), bound('MAX', 'max')], orderby: [] },
  ]);
}
