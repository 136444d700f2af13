import {
  CROSS_FILTER_SCOPING_FAILED_MESSAGE,
  type CrossFilterScopeSetting,
  chartIdOfKey,
  crossFilterColumns,
  filterKey,
  isActiveCrossFilter,
  scopedChartConfiguration,
} from '@tessera/shared/dashboard/crossFilters';
import type { DataMask, FilterScope } from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import type { DataMask as ChartDataMask } from '../../../viz/types.ts';
import { dashboardApi } from '../dashboardApi.ts';
import { chartsRefreshRequested } from '../state/chartsSlice.ts';
import { dashboardInfoChanged, metadataChanged } from '../state/dashboardInfoSlice.ts';
import type { DashboardRootState, DashboardThunk } from '../state/store.ts';
import { filtersInState, landMasks } from './chartFilters.ts';
import { chartExtraFormData, crossFilterEmitters, type DataMaskMap } from './dataMask.ts';
import { dataMaskApplied, dataMaskRemoved } from './dataMaskSlice.ts';

/**
 * Cross-filters on the dashboard page: a chart's click lands its mask under the chart's id (as
 * Superset's `updateDataMask`), a second click (an empty mask) or the bar's clear button removes
 * it, and only the charts whose extra form data changed query again; the emitter redraws its
 * selection from its `filterState` without querying.
 */

/** Lands (or, for an inactive mask, removes) chart `chartId`'s cross-filter; answers the charts asked to query. */
export function crossFilterEmitted(
  chartId: number,
  emitted: ChartDataMask,
): DashboardThunk<number[]> {
  return (dispatch, getState) => {
    const mask = emitted as DataMask;
    const state = getState();
    if (!state.dashboardInfo.info?.crossFiltersEnabled) return [];
    const key = String(chartId);
    const active = isActiveCrossFilter(mask);
    if (!active && !state.dataMask[key]) return [];
    const after: DataMaskMap = { ...state.dataMask };
    if (active) after[key] = { ...mask, id: key };
    else delete after[key];
    const land = active
      ? dataMaskApplied({ [key]: after[key] as DataMask })
      : dataMaskRemoved([key]);
    return landMasks(dispatch, state, after, land, true);
  };
}

/** Clears the cross-filter a filter key (`{chartId}_{column}`) or a chart id names. */
export function crossFilterCleared(key: string): DashboardThunk<number[]> {
  return (dispatch) => {
    const chartId = chartIdOfKey(key);
    if (chartId === null) return [];
    return dispatch(
      crossFilterEmitted(chartId, { extraFormData: {}, filterState: { value: null } }),
    );
  };
}

export interface ActiveCrossFilter {
  /** `{chartId}_{column}` of the first filtered column. */
  key: string;
  chartId: number;
  columns: string[];
  label: string;
}

/** The cross-filters in force, in the order the charts emitted them. */
export function activeCrossFilters(dataMask: DataMaskMap): ActiveCrossFilter[] {
  return crossFilterEmitters(dataMask).flatMap((chartId) => {
    const mask = dataMask[String(chartId)];
    if (!isActiveCrossFilter(mask)) return [];
    const columns = crossFilterColumns(mask);
    const state = mask?.filterState as { label?: unknown; value?: unknown } | undefined;
    const label =
      typeof state?.label === 'string' && state.label
        ? state.label
        : JSON.stringify(state?.value ?? '');
    return [{ key: filterKey(chartId, columns[0] as string), chartId, columns, label }];
  });
}

/** Each chart's scope setting as the page holds it (`global` when it has none). */
export function scopeSettingsInState(
  state: DashboardRootState,
): Record<number, CrossFilterScopeSetting> {
  const config = state.dashboardInfo.info?.metadata.chart_configuration ?? {};
  return Object.fromEntries(
    state.dashboardState.sliceIds.map((id) => [
      id,
      config[String(id)]?.crossFilters?.scope ?? ('global' as const),
    ]),
  );
}

/**
 * Saves the scoping modal through the dashboard's PUT (json_metadata with the new
 * `chart_configuration` and `global_chart_configuration`, as Superset's client sends it). On
 * success the charts whose cross-filters now reach differently query again; a failure shows
 * `Failed to save cross-filter scoping` and changes nothing.
 */
export function saveCrossFilterScoping(
  settings: Record<number, CrossFilterScopeSetting>,
  globalScope: FilterScope,
): DashboardThunk<Promise<boolean>> {
  return async (dispatch, getState, { api, toast }) => {
    const before = getState();
    const info = before.dashboardInfo.info;
    if (!info) return false;
    const next = scopedChartConfiguration(
      settings,
      globalScope,
      before.dashboardLayout.present as DashboardLayout,
      before.dashboardState.sliceIds,
    );
    try {
      const answer = await dashboardApi(api).update(info.id, {
        json_metadata: JSON.stringify({ ...info.metadata, ...next }),
      });
      const old = filtersInState(before);
      dispatch(metadataChanged(next));
      if (answer.last_modified_time) {
        dispatch(dashboardInfoChanged({ last_modified_time: answer.last_modified_time }));
      }
      const after = getState();
      const now = filtersInState(after);
      const extra = (id: number, f: typeof old, masks: DataMaskMap) =>
        JSON.stringify(chartExtraFormData(id, f.filters, f.scopes, masks) ?? null);
      const changed = after.dashboardState.sliceIds.filter(
        (id) => extra(id, old, before.dataMask) !== extra(id, now, after.dataMask),
      );
      if (changed.length > 0) dispatch(chartsRefreshRequested({ ids: changed, force: false }));
      return true;
    } catch {
      toast('danger', CROSS_FILTER_SCOPING_FAILED_MESSAGE);
      return false;
    }
  };
}
