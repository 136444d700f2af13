import type { UnknownAction } from '@reduxjs/toolkit';
import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import {
  type FilterConfigItem,
  type NativeFilter,
  NativeFilterConfiguration,
} from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { chartsRefreshRequested } from '../state/chartsSlice.ts';
import { metadataChanged } from '../state/dashboardInfoSlice.ts';
import type { DashboardDispatch, DashboardRootState, DashboardThunk } from '../state/store.ts';
import {
  type CrossFilterSettings,
  chartExtraFormData,
  chartsChanged,
  crossFilterEmitters,
  type DataMaskMap,
  filterScopes,
  initialDataMask,
  nativeFiltersOf,
} from './dataMask.ts';
import { dataMaskApplied, dataMaskInitialised } from './dataMaskSlice.ts';

/** The last answer of `filtersInState` without extra masks, and what it was worked out from. */
let lastFilters: {
  info: DashboardRootState['dashboardInfo']['info'];
  layout: unknown;
  sliceIds: readonly number[];
  emitters: string;
  answer: { filters: NativeFilter[]; scopes: Map<string, Set<number>> };
} | null = null;

/**
 * The native filters and their scopes as the page's state has them now, with the scopes of the
 * charts emitting a cross-filter in the page's masks (and in `alsoMasks`, when given). Without
 * `alsoMasks` the answer is kept until the filters, layout, charts or emitters change: every
 * chart's query and badge asks for it, and a layout walk per chart adds up on 50 charts.
 */
export function filtersInState(state: DashboardRootState, alsoMasks?: DataMaskMap) {
  const info = state.dashboardInfo.info;
  const layout = state.dashboardLayout.present as DashboardLayout;
  const sliceIds = state.dashboardState.sliceIds;
  const emitters = info?.crossFiltersEnabled
    ? [
        ...new Set([
          ...crossFilterEmitters(state.dataMask),
          ...crossFilterEmitters(alsoMasks ?? {}),
        ]),
      ]
    : [];
  const key = emitters.join(',');
  const last = lastFilters;
  if (
    !alsoMasks &&
    last &&
    last.info === info &&
    last.layout === layout &&
    last.sliceIds === sliceIds &&
    last.emitters === key
  ) {
    return last.answer;
  }
  const filters = nativeFiltersOf(info?.metadata.native_filter_configuration);
  const scopes = filterScopes(filters, layout, sliceIds, {
    settings: info?.metadata ?? {},
    emitters,
  });
  const answer = { filters, scopes };
  if (!alsoMasks) lastFilters = { info, layout, sliceIds, emitters: key, answer };
  return answer;
}

/** A chart's form data with the extra form data of the filters (with a value) that reach it. */
export function filteredFormData(
  filters: readonly NativeFilter[],
  scopes: Map<string, Set<number>>,
  dataMask: DataMaskMap,
): (formData: QueryFormData, chartId: number) => QueryFormData {
  return (formData, chartId) => {
    const extra = chartExtraFormData(chartId, filters, scopes, dataMask);
    return extra ? { ...formData, extra_form_data: extra } : formData;
  };
}

/**
 * What a dashboard opens with: the masks (defaults, replaced by the address's) and how each
 * chart's first query carries them, before anything is dispatched.
 */
export function filtersOnLoad(
  config: readonly FilterConfigItem[] | undefined,
  layout: DashboardLayout,
  chartIds: readonly number[],
  fromAddress: DataMaskMap | null | undefined,
  crossFilters?: { enabled: boolean; settings: CrossFilterSettings },
) {
  const filters = nativeFiltersOf(config);
  const dataMask = initialDataMask(config, fromAddress, crossFilters?.enabled ? chartIds : []);
  const scopes = filterScopes(filters, layout, chartIds, {
    settings: crossFilters?.settings ?? {},
    emitters: crossFilterEmitters(dataMask),
  });
  const withFilters = filteredFormData(filters, scopes, dataMask);
  return { dataMask, withFilters, signature: JSON.stringify(dataMask) };
}

/** Chart `chartId`'s form data with the native filters of the page's state. */
export function withNativeFilters(
  formData: QueryFormData,
  chartId: number,
  state: DashboardRootState,
): QueryFormData {
  const { filters, scopes } = filtersInState(state);
  return filteredFormData(filters, scopes, state.dataMask)(formData, chartId);
}

/**
 * Lands the bar's masks and asks the charts whose extra form data changed to query again; the
 * others keep their answers. Answers the ids of the charts asked.
 */
export function applyDataMask(next: DataMaskMap): DashboardThunk<number[]> {
  return (dispatch, getState) => {
    const state = getState();
    return landMasks(dispatch, state, { ...state.dataMask, ...next }, dataMaskApplied(next));
  };
}

/**
 * Lands the masks `after` by dispatching `land`, then asks the charts whose extra form data that
 * changes to query again (the scopes count the cross-filters of `after` too when `scopeAfter`).
 * Answers the ids of the charts asked.
 */
export function landMasks(
  dispatch: DashboardDispatch,
  state: DashboardRootState,
  after: DataMaskMap,
  land: UnknownAction,
  scopeAfter = false,
): number[] {
  const { filters, scopes } = filtersInState(state, scopeAfter ? after : undefined);
  const changed = chartsChanged(
    state.dashboardState.sliceIds,
    filters,
    scopes,
    state.dataMask,
    after,
  );
  dispatch(land);
  if (changed.length > 0) dispatch(chartsRefreshRequested({ ids: changed, force: false }));
  return changed;
}

/**
 * The stored configuration after the config modal saved: filters kept keep their applied values
 * (unless edited: then their new default), new ones start from theirs, and the charts whose
 * extra form data changed query again.
 */
export function configurationSaved(
  config: FilterConfigItem[],
  edited: readonly string[],
): DashboardThunk<number[]> {
  return (dispatch, getState) => {
    const before = getState();
    const old = filtersInState(before);
    const kept = Object.fromEntries(
      Object.entries(before.dataMask).filter(([id]) => !edited.includes(id)),
    );
    dispatch(metadataChanged({ native_filter_configuration: config }));
    const after = getState();
    const next = initialDataMask(config, kept, crossFilterEmitters(kept));
    const now = filtersInState(after);
    const changed = after.dashboardState.sliceIds.filter(
      (id) =>
        JSON.stringify(chartExtraFormData(id, old.filters, old.scopes, before.dataMask) ?? null) !==
        JSON.stringify(chartExtraFormData(id, now.filters, now.scopes, next) ?? null),
    );
    dispatch(dataMaskInitialised(next));
    if (changed.length > 0) dispatch(chartsRefreshRequested({ ids: changed, force: false }));
    return changed;
  };
}

/** Sends the config modal's edits; the stored configuration the server answers becomes the page's. */
export function saveFilters(
  dashboardId: number,
  change: { modified: FilterConfigItem[]; deleted: string[]; reordered: string[] },
): DashboardThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    const answer = await api.call(dashboardRoutes.updateFilters, {
      params: { pk: dashboardId },
      body: change,
    });
    // A configuration stored before field-by-field checks is kept as stored.
    const parsed = NativeFilterConfiguration.safeParse(answer.result);
    const config = parsed.success ? parsed.data : (answer.result as FilterConfigItem[]);
    dispatch(
      configurationSaved(
        config,
        change.modified.map((item) => item.id),
      ),
    );
  };
}
