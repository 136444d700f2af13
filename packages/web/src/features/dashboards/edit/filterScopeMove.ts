import { crossFilterScopeOf, scopesReaching } from '@tessera/shared/dashboard/crossFilters';
import type { JsonMetadata } from '@tessera/shared/dashboard/metadata';
import type { FilterScope } from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import type { DashboardRootState } from '../state/store.ts';

/**
 * A move in the editor can take a chart out of the reach of a filter scoped to a tab (or into
 * it). Superset warns then: `This chart has been moved to a different filter scope.` The filters
 * compared are the native filters and, when cross-filters are on, every chart's cross-filter.
 */

/** The chart ids at or under a layout component. */
export function chartsUnder(layout: DashboardLayout, id: string): number[] {
  const item = layout[id];
  if (!item) return [];
  if (item.type === 'CHART' && typeof item.meta?.chartId === 'number') return [item.meta.chartId];
  return (item.children ?? []).flatMap((child) => chartsUnder(layout, child));
}

type ScopeEntry = { key: string; scope: FilterScope | undefined; emitter?: number };

/** Every scope that can reach a chart on this dashboard. */
export function dashboardScopes(
  metadata: JsonMetadata,
  chartIds: readonly number[],
  crossFiltersEnabled: boolean,
): ScopeEntry[] {
  const native = (metadata.native_filter_configuration ?? [])
    .filter((item) => item.type === 'NATIVE_FILTER')
    .map((item) => ({ key: item.id, scope: item.scope }));
  const cross = crossFiltersEnabled
    ? chartIds.map((id) => ({
        key: String(id),
        scope: crossFilterScopeOf(id, metadata),
        emitter: id,
      }))
    : [];
  return [...native, ...cross];
}

/** The charts under `componentId` whose filters differ between two layouts. */
export function chartsMovedScope(
  before: DashboardLayout,
  after: DashboardLayout,
  componentId: string,
  scopes: readonly ScopeEntry[],
  chartIds: readonly number[],
): number[] {
  if (scopes.length === 0) return [];
  return chartsUnder(after, componentId).filter(
    (chartId) =>
      scopesReaching(chartId, scopes, before, chartIds).join() !==
      scopesReaching(chartId, scopes, after, chartIds).join(),
  );
}

/** Whether moving `componentId` from the `before` state's layout changed any of its charts' filters. */
export function movedAcrossFilterScopes(
  before: DashboardRootState,
  after: DashboardRootState,
  componentId: string,
): boolean {
  const info = after.dashboardInfo.info;
  if (!info) return false;
  const chartIds = after.dashboardState.sliceIds;
  const scopes = dashboardScopes(info.metadata, chartIds, info.crossFiltersEnabled);
  return (
    chartsMovedScope(
      before.dashboardLayout.present as DashboardLayout,
      after.dashboardLayout.present as DashboardLayout,
      componentId,
      scopes,
      chartIds,
    ).length > 0
  );
}
