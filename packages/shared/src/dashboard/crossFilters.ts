import type { JsonMetadata } from './metadata.ts';
import {
  chartsInScope,
  type DataMask,
  type FilterScope,
  INVALID_FILTER_KEY_MESSAGE,
  parseFilterKey,
} from './nativeFilters.ts';
import { type DashboardLayout, ROOT_ID } from './position.ts';

/**
 * Cross-filters as Superset's dashboards keep them: a chart that emits one holds a data mask
 * under its own id (`dataMask["12"]`), and the mask reaches the charts of the emitter's
 * cross-filter scope (its `chart_configuration` entry, or the dashboard's global one), never
 * the emitter itself. Each filtered column is named by a filter key `{chartId}_{column}`.
 */

export const CROSS_FILTER_SCOPING_FAILED_MESSAGE = 'Failed to save cross-filter scoping';
export const CHART_MOVED_SCOPE_MESSAGE = 'This chart has been moved to a different filter scope.';
export { INVALID_FILTER_KEY_MESSAGE, parseFilterKey };

export const GLOBAL_CROSS_FILTER_SCOPE: FilterScope = { rootPath: [ROOT_ID], excluded: [] };

export type ChartConfiguration = NonNullable<JsonMetadata['chart_configuration']>;
export type GlobalChartConfiguration = NonNullable<JsonMetadata['global_chart_configuration']>;
export type CrossFilterScopeSetting = FilterScope | 'global';

/** The key of a cross-filter on one column of one chart. */
export function filterKey(chartId: number, column: string): string {
  return `${chartId}_${column}`;
}

/** Whether a data-mask key is a chart's (a cross-filter) rather than a native filter's. */
export function isCrossFilterKey(key: string): boolean {
  return /^\d+$/.test(key);
}

/**
 * The chart a data-mask or filter key belongs to: a chart id (`12`, Superset's cross-filter key)
 * or a filter key (`12_country`); null for a native filter. Anything else throws
 * `Cannot parse invalid filter key`.
 */
export function chartIdOfKey(key: string): number | null {
  if (isCrossFilterKey(key)) return Number(key);
  const parsed = parseFilterKey(key);
  return parsed.kind === 'chart' ? parsed.chartId : null;
}

/** A column as a cross-filter names it: its name, or an adhoc column's label or SQL. */
export function columnName(col: unknown): string {
  if (typeof col === 'string') return col;
  if (col && typeof col === 'object') {
    const c = col as { label?: unknown; sqlExpression?: unknown };
    if (typeof c.label === 'string' && c.label) return c.label;
    if (typeof c.sqlExpression === 'string') return c.sqlExpression;
  }
  return String(col ?? '');
}

/** The columns a cross-filter's mask filters on, in order, each once. */
export function crossFilterColumns(mask: DataMask | undefined): string[] {
  const filters = (mask?.extraFormData?.filters ?? []) as Array<{ col?: unknown }>;
  return [...new Set(filters.map((f) => columnName(f.col)).filter(Boolean))];
}

/** Whether a chart's mask is an active cross-filter (a value and at least one clause). */
export function isActiveCrossFilter(mask: DataMask | undefined): boolean {
  const value = mask?.filterState?.value;
  const active = value !== undefined && value !== null && !(Array.isArray(value) && !value.length);
  return active && crossFilterColumns(mask).length > 0;
}

/** The scope setting of a chart: its own, or `global` (the dashboard's) when it has none. */
export function chartScopeSetting(
  chartId: number,
  metadata: Pick<JsonMetadata, 'chart_configuration'>,
): CrossFilterScopeSetting {
  return metadata.chart_configuration?.[String(chartId)]?.crossFilters?.scope ?? 'global';
}

/** The scope a chart's cross-filters apply in: its own, else the dashboard's global one. */
export function crossFilterScopeOf(
  chartId: number,
  metadata: Pick<JsonMetadata, 'chart_configuration' | 'global_chart_configuration'>,
): FilterScope {
  const own = chartScopeSetting(chartId, metadata);
  if (own !== 'global') return own;
  return metadata.global_chart_configuration?.scope ?? GLOBAL_CROSS_FILTER_SCOPE;
}

/** The charts a chart's cross-filter reaches: its scope in the layout, the chart itself left out. */
export function crossFilterTargets(
  chartId: number,
  metadata: Pick<JsonMetadata, 'chart_configuration' | 'global_chart_configuration'>,
  layout: DashboardLayout,
  allChartIds: readonly number[],
): number[] {
  return chartsInScope(crossFilterScopeOf(chartId, metadata), layout, allChartIds).filter(
    (id) => id !== chartId,
  );
}

/**
 * The configuration after the scoping modal: each chart's setting (`global` or its own scope)
 * and the global scope, with the charts each reaches cached as Superset caches them
 * (`chartsInScope`). Charts set to `global` keep an entry naming that, as Superset's do.
 */
export function scopedChartConfiguration(
  settings: Record<number, CrossFilterScopeSetting>,
  globalScope: FilterScope,
  layout: DashboardLayout,
  allChartIds: readonly number[],
): {
  chart_configuration: ChartConfiguration;
  global_chart_configuration: GlobalChartConfiguration;
} {
  const globalReach = chartsInScope(globalScope, layout, allChartIds);
  const chart_configuration: ChartConfiguration = {};
  for (const id of allChartIds) {
    const scope = settings[id] ?? 'global';
    const reach = scope === 'global' ? globalReach : chartsInScope(scope, layout, allChartIds);
    chart_configuration[String(id)] = {
      id,
      crossFilters: { scope, chartsInScope: reach.filter((other) => other !== id) },
    };
  }
  return {
    chart_configuration,
    global_chart_configuration: { scope: globalScope, chartsInScope: globalReach },
  };
}

/**
 * The filters (native filter ids and emitting charts' keys) whose scope reaches a chart in a
 * layout; moving a chart to a place where this set differs changes what filters it.
 */
export function scopesReaching(
  chartId: number,
  scopes: ReadonlyArray<{ key: string; scope: FilterScope | undefined; emitter?: number }>,
  layout: DashboardLayout,
  allChartIds: readonly number[],
): string[] {
  return scopes
    .filter(
      ({ scope, emitter }) =>
        emitter !== chartId && chartsInScope(scope, layout, allChartIds).includes(chartId),
    )
    .map(({ key }) => key)
    .sort();
}
