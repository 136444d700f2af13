import type { ChartDataAnswer } from '@tessera/shared/api/chartData';
import type { DashboardChart, DashboardPermalinkState } from '@tessera/shared/api/dashboards';
import { migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { PUBLISH_FORBIDDEN_MESSAGE } from '@tessera/shared/dashboard/permissions';
import { migratePositionJson } from '@tessera/shared/dashboard/position';
import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { errorMessage, isAbortError } from '../../../app/api.ts';
import { logChartLoad } from '../../../app/eventLogger.ts';
import { chartQueryContext, dashboardFormData } from '../charts/chartQuery.ts';
import { dashboardApi } from '../dashboardApi.ts';
import { takeEarlyDashboard } from '../earlyLoad.ts';
import { type FirstScreen, type StartedQuery, startFirstScreen } from '../firstScreen.ts';
import { pathToComponent } from '../layoutPaths.ts';
import { dataMaskMapFrom } from '../nativeFilters/addressDataMask.ts';
import { filtersOnLoad, withNativeFilters } from '../nativeFilters/chartFilters.ts';
import type { DataMaskMap } from '../nativeFilters/dataMask.ts';
import { dataMaskInitialised } from '../nativeFilters/dataMaskSlice.ts';
import { withFirstValues } from '../nativeFilters/requiredFirst.ts';
import {
  chartsInitialised,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateSucceeded,
} from './chartsSlice.ts';
import {
  type DashboardInfo,
  dashboardInfoLoaded,
  datasourcesLoaded,
} from './dashboardInfoSlice.ts';
import { dashboardLoaded, datasetsStatusSet, publishedSet, starredSet } from './dashboardSlice.ts';
import { setLayout } from './layoutSlice.ts';
import type { DashboardThunk } from './store.ts';

export const FAVORITE_ERROR = 'There was an issue favoriting this dashboard.';
export const FAVORITE_STATUS_ERROR =
  'There was an issue fetching the favorite status of this dashboard.';

export interface LoadOptions {
  idOrSlug: string;
  /** Decides edit mode once the owners are known (`edit=true` works only with permission). */
  wantsEdit: (owners: DashboardInfo['owners']) => boolean;
  force?: boolean;
  focusedChart?: number | null;
  anchor?: string | null;
  permalink?: DashboardPermalinkState | null;
  /** The native filters' masks the address preselects (`native_filters_key`, `native_filters`). */
  addressDataMask?: (dashboardId: number) => Promise<DataMaskMap | null>;
  /** The height the dashboard's first screen has for its grid (the window's, by default). */
  screenHeight?: number;
  /** Whether to ask if the dashboard is a favourite (not for guests and anonymous viewers). */
  withFavorite?: boolean;
}

function datasourceKey(item: Record<string, unknown>): string {
  if (typeof item.uid === 'string') return item.uid;
  return `${String(item.id)}__${String(item.type ?? 'table')}`;
}

/**
 * Loads the dashboard, its charts and their datasets in parallel, then sets every slice up. The
 * charts ask for their data as soon as the dashboard and its charts are known; the datasets
 * (needed to draw, not to query) land while the data is on its way.
 */
export function loadDashboard(options: LoadOptions): DashboardThunk<Promise<DashboardInfo>> {
  return async (dispatch, _getState, { api, toast, batcher }) => {
    // The charts' first data call is a POST: its CSRF token is fetched alongside the dashboard's
    // own calls, not after them.
    api.prefetchCsrfToken();
    const calls = dashboardApi(api);
    dispatch(datasetsStatusSet('loading'));
    const datasetsCall = calls.datasets(options.idOrSlug).then((answer) => answer.result);
    // Handled below once the dashboard is in; until then a failure must not count as unhandled.
    datasetsCall.catch(() => undefined);
    const force = options.force ?? false;
    // The route may have read the dashboard already and asked for its first screen's charts.
    const early = (await takeEarlyDashboard(options.idOrSlug)?.catch(() => null)) ?? null;
    const [item, charts] = early
      ? [early.item, early.charts]
      : await Promise.all([
          calls.get(options.idOrSlug).then((a) => a.result),
          calls.charts(options.idOrSlug).then((a) => a.result),
        ]);
    const metadata = migrateJsonMetadata(item.json_metadata);
    const lastModified = Math.floor(new Date(item.changed_on).getTime() / 1000) || 0;
    const info: DashboardInfo = {
      id: item.id,
      slug: item.slug,
      dashboard_title: item.dashboard_title,
      url: item.url,
      owners: item.owners,
      roles: item.roles,
      certified_by: item.certified_by,
      certification_details: item.certification_details,
      changed_on: item.changed_on,
      changed_by_name: item.changed_by_name,
      metadata,
      last_modified_time: lastModified,
      filterBarOrientation: metadata.filter_bar_orientation ?? 'VERTICAL',
      crossFiltersEnabled: metadata.cross_filters_enabled ?? true,
    };
    // Charts of the dashboard missing from its layout get rows at the end, as Superset does.
    const layout = early?.layout ?? migratePositionJson(item.position_json, charts);
    const slices: Record<number, DashboardChart> = Object.fromEntries(charts.map((c) => [c.id, c]));

    let directPath: string[] = [];
    if (options.anchor || options.permalink?.anchor) {
      directPath = pathToComponent(layout, (options.permalink?.anchor ?? options.anchor) as string);
    }
    if (options.focusedChart) {
      const focused = Object.values(layout).find(
        (c) => c.type === 'CHART' && c.meta.chartId === options.focusedChart,
      );
      if (focused) directPath = pathToComponent(layout, focused.id);
    }
    const activeTabs = options.permalink?.activeTabs ?? [];
    // Preselected filters apply from the first chart query on.
    const filters = filtersOnLoad(
      metadata.native_filter_configuration,
      layout,
      charts.map((c) => c.id),
      // `requiredFirst` filters get their first option before any chart asks.
      await withFirstValues(
        api,
        item.id,
        metadata.native_filter_configuration,
        options.permalink?.dataMask
          ? dataMaskMapFrom(options.permalink.dataMask)
          : await options.addressDataMask?.(item.id),
      ),
      { enabled: info.crossFiltersEnabled, settings: metadata },
    );
    // A page opened at an anchor or on one chart scrolls there: its first screen is not the top.
    // Otherwise its charts are asked for before the first dispatch, since the store's first
    // change schedules the page's render.
    let firstScreen: FirstScreen = { chartIds: [], queries: [] };
    if (
      early?.firstScreen &&
      early.force === force &&
      (early.filtersSignature ?? '{}') === filters.signature
    ) {
      firstScreen = early.firstScreen;
    } else if (directPath.length === 0) {
      firstScreen = startFirstScreen(
        batcher,
        { id: item.id, layout, charts, colorScheme: metadata.color_scheme ?? null },
        {
          force,
          activeTabs,
          screenHeight: options.screenHeight ?? globalThis.innerHeight ?? 0,
          withFilters: filters.withFilters,
        },
      );
    }

    dispatch(dataMaskInitialised(filters.dataMask));
    dispatch(dashboardInfoLoaded({ info, slices, datasources: {} }));
    dispatch(setLayout(layout));
    dispatch(
      dashboardLoaded({
        css: item.css ?? '',
        sliceIds: charts.map((c) => c.id),
        isPublished: item.published,
        colorScheme: metadata.color_scheme ?? null,
        expandedSlices: Object.fromEntries(
          Object.entries(metadata.expanded_slices ?? {}).map(([k, v]) => [Number(k), v]),
        ),
        lastModifiedTime: lastModified,
        refreshFrequency: metadata.refresh_frequency ?? 0,
        editMode: options.wantsEdit(item.owners),
        activeTabs,
        directPathToChild: directPath,
        firstScreenChartIds: directPath.length === 0 ? firstScreen.chartIds : [],
      }),
    );
    dispatch(chartsInitialised({ ids: charts.map((c) => c.id), force }));
    for (const query of firstScreen.queries) void dispatch(settleChartData(query));
    datasetsCall.then(
      (datasets) => {
        const datasources: Record<string, DatasourceMeta> = Object.fromEntries(
          datasets.map((d) => [datasourceKey(d), d as unknown as DatasourceMeta]),
        );
        dispatch(datasourcesLoaded(datasources));
        dispatch(datasetsStatusSet('complete'));
      },
      () => dispatch(datasetsStatusSet('failed')),
    );

    if (options.withFavorite !== false) {
      calls.favoriteStatus([item.id]).then(
        (status) => dispatch(starredSet(status[item.id] ?? false)),
        () => toast('danger', FAVORITE_STATUS_ERROR),
      );
    }
    return info;
  };
}

/** Marks a chart loading and stores its answer or its failure when the call settles. */
function settleChartData(query: StartedQuery): DashboardThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(chartUpdateStarted({ id: query.id, formData: query.formData }));
    try {
      const answer = await logChartLoad(query.answer, query.formData);
      dispatch(chartUpdateSucceeded({ id: query.id, queriesResponse: answer.result }));
    } catch (error) {
      if (isAbortError(error)) return;
      dispatch(chartUpdateFailed({ id: query.id, error: errorMessage(error) }));
    }
  };
}

/** Fetches one chart's data through the page's batcher. */
export function fetchChartData(chartId: number): DashboardThunk<Promise<void>> {
  return async (dispatch, getState, { batcher }) => {
    const state = getState();
    const slice = state.dashboardInfo.slices[chartId];
    const info = state.dashboardInfo.info;
    if (!slice || !info) return;
    const force = state.charts[chartId]?.force ?? false;
    const formData = withNativeFilters(
      dashboardFormData(slice, info.id, state.dashboardState.colorScheme),
      chartId,
      state,
    );
    // Queued at once (a caller may flush the batcher right after); a chart type without a
    // definition fails this chart alone.
    let answer: Promise<ChartDataAnswer>;
    try {
      answer = batcher.fetch({
        queryContext: chartQueryContext(formData, force),
        sliceId: chartId,
        dashboardId: info.id,
        force,
      });
    } catch (error) {
      answer = Promise.reject(error);
    }
    await dispatch(settleChartData({ id: chartId, formData, answer }));
  };
}

/**
 * Counts chart `chartId` as live (its holder mounted and in view) until the returned release:
 * a refresh asked for a live chart queries at once, in the same task as the click that asked,
 * instead of after the page has rendered (see `queryLiveCharts` in store.ts).
 */
export function chartLive(chartId: number): DashboardThunk<() => void> {
  return (_dispatch, _getState, { liveCharts }) => {
    liveCharts.add(chartId);
    return () => {
      liveCharts.delete(chartId);
    };
  };
}

export function toggleFavorite(): DashboardThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const id = getState().dashboardInfo.info?.id;
    if (!id) return;
    const next = !getState().dashboardState.isStarred;
    try {
      await dashboardApi(api).setFavorite(id, next);
      dispatch(starredSet(next));
    } catch {
      toast('danger', FAVORITE_ERROR);
    }
  };
}

/** Publishing or hiding: a refusal shows the spec's message. */
export function togglePublished(): DashboardThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const id = getState().dashboardInfo.info?.id;
    if (!id) return;
    const next = !getState().dashboardState.isPublished;
    try {
      await dashboardApi(api).update(id, { published: next });
      dispatch(publishedSet(next));
    } catch (error) {
      const status = (error as { status?: number }).status;
      toast('danger', status === 403 ? PUBLISH_FORBIDDEN_MESSAGE : errorMessage(error));
    }
  };
}
