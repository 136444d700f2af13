import { mergeDataMasks } from '@tessera/shared/dashboard/filterQueries';
import {
  chartsInScope,
  type DataMask,
  type FilterConfigItem,
  type NativeFilter,
} from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import type { ExtraFormData } from '@tessera/shared/viz/types';

/**
 * The data masks of native filters as Superset's filter plugins emit them, and what they add to
 * each chart: a chart takes the merged extra form data of the filters whose scope reaches it.
 */

export type DataMaskMap = Record<string, DataMask>;

type Controls = {
  multiSelect?: boolean;
  enableEmptyFilter?: boolean;
  inverseSelection?: boolean;
  defaultToFirstItem?: boolean;
  searchAllOptions?: boolean;
  sortAscending?: boolean;
};

export const controlsOf = (filter: NativeFilter): Controls =>
  (filter.controlValues ?? {}) as Controls;

export const columnOf = (filter: NativeFilter): string => filter.targets[0]?.column?.name ?? '';

/** The native filters of a configuration (dividers left out). */
export function nativeFiltersOf(config: readonly FilterConfigItem[] | undefined): NativeFilter[] {
  return (config ?? []).filter((item): item is NativeFilter => item.type === 'NATIVE_FILTER');
}

export type FilterValue = string | number | boolean | null;

/** A value filter's selection: `IN` (or `NOT IN` when inverse), nothing when empty. */
export function selectDataMask(filter: NativeFilter, values: readonly FilterValue[]): DataMask {
  const inverse = Boolean(controlsOf(filter).inverseSelection);
  if (values.length === 0) {
    return { id: filter.id, extraFormData: {}, filterState: { value: null } };
  }
  return {
    id: filter.id,
    extraFormData: {
      filters: [{ col: columnOf(filter), op: inverse ? 'NOT IN' : 'IN', val: [...values] }],
    },
    filterState: {
      value: [...values],
      label: `${values.join(', ')}${inverse ? ' (excluded)' : ''}`,
      excludeFilterValues: inverse,
    },
  };
}

/** A range filter's bounds: `>=` the lower, `<=` the upper; an open side adds nothing. */
export function rangeDataMask(
  filter: NativeFilter,
  range: readonly [number | null, number | null] | null,
): DataMask {
  const [lower, upper] = range ?? [null, null];
  const col = columnOf(filter);
  const filters = [
    ...(lower === null ? [] : [{ col, op: '>=', val: lower }]),
    ...(upper === null ? [] : [{ col, op: '<=', val: upper }]),
  ];
  const empty = filters.length === 0;
  return {
    id: filter.id,
    extraFormData: empty ? {} : { filters },
    filterState: {
      value: empty ? null : [lower, upper],
      label: empty ? '' : `${lower ?? '−∞'} ≤ x ≤ ${upper ?? '∞'}`,
    },
  };
}

const EXTRA_KEY = {
  filter_time: 'time_range',
  filter_timecolumn: 'granularity_sqla',
  filter_timegrain: 'time_grain_sqla',
} as const;

/** A time range, time column or time grain filter: one override of the chart's own setting. */
export function timeDataMask(filter: NativeFilter, value: string | null): DataMask {
  const key = EXTRA_KEY[filter.filterType as keyof typeof EXTRA_KEY] ?? 'time_range';
  return {
    id: filter.id,
    extraFormData: value ? { [key]: value } : {},
    filterState: { value: value || null },
  };
}

/** Whether a filter's mask selects anything. */
export function hasValue(mask: DataMask | undefined): boolean {
  const value = mask?.filterState?.value;
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

/**
 * The masks a dashboard opens with: each filter's default, replaced by the address's (or a
 * permalink's) mask for the filters it names. Masks of filters no longer configured are dropped.
 */
export function initialDataMask(
  config: readonly FilterConfigItem[] | undefined,
  fromAddress: DataMaskMap | null | undefined,
): DataMaskMap {
  const masks: DataMaskMap = {};
  for (const filter of nativeFiltersOf(config)) {
    const given = fromAddress?.[filter.id];
    const mask = given ?? filter.defaultDataMask;
    masks[filter.id] = { ...(mask ?? {}), id: filter.id, extraFormData: mask?.extraFormData ?? {} };
  }
  return masks;
}

/** Each filter's charts in scope, worked out once per layout. */
export function filterScopes(
  filters: readonly NativeFilter[],
  layout: DashboardLayout,
  allChartIds: readonly number[],
): Map<string, Set<number>> {
  return new Map(
    filters.map((filter) => [filter.id, new Set(chartsInScope(filter.scope, layout, allChartIds))]),
  );
}

/** The ids of the filters with a value that reach chart `chartId`, in configuration order. */
export function filtersReaching(
  chartId: number,
  filters: readonly NativeFilter[],
  scopes: Map<string, Set<number>>,
  dataMask: DataMaskMap,
): string[] {
  return filters
    .filter((f) => scopes.get(f.id)?.has(chartId) && hasValue(dataMask[f.id]))
    .map((f) => f.id);
}

/** What chart `chartId` adds to its query: the merged masks of the filters that reach it. */
export function chartExtraFormData(
  chartId: number,
  filters: readonly NativeFilter[],
  scopes: Map<string, Set<number>>,
  dataMask: DataMaskMap,
): ExtraFormData | undefined {
  const ids = filtersReaching(chartId, filters, scopes, dataMask);
  return mergeDataMasks(ids.map((id) => dataMask[id] as DataMask)) as ExtraFormData | undefined;
}

/** The charts whose extra form data differs between two sets of masks. */
export function chartsChanged(
  chartIds: readonly number[],
  filters: readonly NativeFilter[],
  scopes: Map<string, Set<number>>,
  before: DataMaskMap,
  after: DataMaskMap,
): number[] {
  return chartIds.filter(
    (id) =>
      JSON.stringify(chartExtraFormData(id, filters, scopes, before) ?? null) !==
      JSON.stringify(chartExtraFormData(id, filters, scopes, after) ?? null),
  );
}
