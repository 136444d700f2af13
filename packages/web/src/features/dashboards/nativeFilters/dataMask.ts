import {
  chartIdOfKey,
  crossFilterTargets,
  isActiveCrossFilter,
  isCrossFilterKey,
} from '@tessera/shared/dashboard/crossFilters';
import { mergeDataMasks } from '@tessera/shared/dashboard/filterQueries';
import type { JsonMetadata } from '@tessera/shared/dashboard/metadata';
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
 * permalink's) mask for the filters it names. Masks of filters no longer configured are dropped;
 * a chart's cross-filter is kept while the chart is on the dashboard and cross-filters are on
 * (`crossFilterCharts`). Keys that name neither are dropped.
 */
export function initialDataMask(
  config: readonly FilterConfigItem[] | undefined,
  fromAddress: DataMaskMap | null | undefined,
  crossFilterCharts: readonly number[] = [],
): DataMaskMap {
  const masks: DataMaskMap = {};
  for (const filter of nativeFiltersOf(config)) {
    const given = fromAddress?.[filter.id];
    const mask = given ?? filter.defaultDataMask;
    masks[filter.id] = { ...(mask ?? {}), id: filter.id, extraFormData: mask?.extraFormData ?? {} };
  }
  for (const [key, mask] of Object.entries(fromAddress ?? {})) {
    const chartId = chartOfKey(key);
    if (chartId === null || !crossFilterCharts.includes(chartId)) continue;
    if (isActiveCrossFilter(mask)) masks[String(chartId)] = { ...mask, id: String(chartId) };
  }
  return masks;
}

/** The chart a mask key is a cross-filter of; null for a native filter's or an invalid key. */
function chartOfKey(key: string): number | null {
  try {
    return chartIdOfKey(key);
  } catch {
    // `Cannot parse invalid filter key`: an address's junk is not a filter.
    return null;
  }
}

/** The charts with an active cross-filter in a set of masks (Superset keys them by chart id). */
export function crossFilterEmitters(dataMask: DataMaskMap): number[] {
  return Object.entries(dataMask)
    .filter(([key, mask]) => isCrossFilterKey(key) && isActiveCrossFilter(mask))
    .map(([key]) => Number(key));
}

export type CrossFilterSettings = Pick<
  JsonMetadata,
  'chart_configuration' | 'global_chart_configuration'
>;

/**
 * Each filter's charts in scope, worked out once per layout; with `crossFilters`, also the charts
 * each emitting chart's cross-filter reaches (keyed by the chart's id, the emitter left out).
 */
export function filterScopes(
  filters: readonly NativeFilter[],
  layout: DashboardLayout,
  allChartIds: readonly number[],
  crossFilters?: { settings: CrossFilterSettings; emitters: readonly number[] },
): Map<string, Set<number>> {
  const scopes = new Map(
    filters.map((filter) => [filter.id, new Set(chartsInScope(filter.scope, layout, allChartIds))]),
  );
  for (const emitter of crossFilters?.emitters ?? []) {
    const targets = crossFilterTargets(emitter, crossFilters?.settings ?? {}, layout, allChartIds);
    scopes.set(String(emitter), new Set(targets));
  }
  return scopes;
}

/**
 * The ids of the filters with a value that reach chart `chartId`, in configuration order, then
 * the keys of the cross-filters that reach it.
 */
export function filtersReaching(
  chartId: number,
  filters: readonly NativeFilter[],
  scopes: Map<string, Set<number>>,
  dataMask: DataMaskMap,
): string[] {
  const native = filters
    .filter((f) => scopes.get(f.id)?.has(chartId) && hasValue(dataMask[f.id]))
    .map((f) => f.id);
  const cross = [...scopes.entries()]
    .filter(
      ([key, reached]) =>
        isCrossFilterKey(key) && reached.has(chartId) && isActiveCrossFilter(dataMask[key]),
    )
    .map(([key]) => key);
  return [...native, ...cross];
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
