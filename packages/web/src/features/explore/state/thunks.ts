import type { ExploreQuery } from '@tessera/shared/api/explore';
import { REQUEST_TIMED_OUT } from '@tessera/shared/clientErrors';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import { ClientError, errorMessage, isAbortError, toClientErrorObject } from '../../../app/api.ts';
import { logChartLoad } from '../../../app/eventLogger.ts';
import { hasVizPlugin, loadVizPlugin } from '../../../viz/registry.ts';
import { exploreApi } from '../exploreApi.ts';
import {
  buildSavePayload,
  changedOnAfterSave,
  type DashboardChoice,
  formatMessage,
  isSaveConflict,
  lastModifiedTimeOf,
  RENDER_ERROR,
  SAVE_CONFLICT,
  STAR_ERROR,
  saveErrorToast,
  savePermissionProblem,
  saveToasts,
} from '../save/savePayload.ts';
import { type ExploreDefaults, withExploreDefaults } from '../urlParams.ts';
import {
  ANNOTATION_TIMEOUT_MESSAGE,
  annotationQueryFailed,
  annotationQueryStarted,
  annotationQuerySucceeded,
  chartAdded,
  chartIdUpdated,
  chartRenderingFailed,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
  classifyAnnotationFailure,
  queryTriggered,
} from './chartSlice.ts';
import { controlErrors } from './controlState.ts';
import {
  datasourceSet,
  exploreHydrated,
  type SaveAction,
  saveActionSet,
  sliceUpdated,
  starredSet,
} from './exploreSlice.ts';
import {
  chartSaveConflicted,
  chartSaved,
  chartSaveFailed,
  dashboardsFetched,
  dashboardsFetchFailed,
  saveModalVisibilitySet,
} from './saveModalSlice.ts';
import type { ExploreRootState, ExploreThunk } from './store.ts';

/** The chart Explore draws: the saved chart's id, 0 for a new exploration. */
export const selectChartId = (state: ExploreRootState) => state.explore.slice?.slice_id ?? 0;
export const selectChart = (state: ExploreRootState) => state.charts[selectChartId(state)];

/** Running chart and annotation queries, by chart id: "Stop" aborts them. */
const running = new Map<number, AbortController>();

export function loadExplore(
  query: ExploreQuery,
  options: {
    conf: ExploreDefaults & { SQL_MAX_ROW?: number };
    standalone: boolean;
    force: boolean;
    dashboardId?: number;
  },
  signal?: AbortSignal,
): ExploreThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    const calls = exploreApi(api);
    // Opening Explore is a chain (its answer, then the chart's data, then the chart type's code):
    // everything that does not need the previous link starts at once.
    api.prefetchCsrfToken();
    if (query.viz_type) preloadVizPlugin(query.viz_type);
    const result = await calls.explore(query, signal);
    const formData = withExploreDefaults(result.form_data, options.conf, query.viz_type);
    if (options.dashboardId) formData.dashboardId = options.dashboardId;
    preloadVizPlugin(formData.viz_type);
    if (result.slice) {
      calls.favoriteStatus(result.slice.slice_id, signal).then(
        (isStarred) => signal?.aborted || dispatch(starredSet(isStarred)),
        () => undefined,
      );
    }
    dispatch(
      exploreHydrated({
        form_data: formData,
        datasource: (result.dataset as unknown as DatasourceMeta | null) ?? null,
        slice: result.slice
          ? {
              slice_id: result.slice.slice_id,
              slice_name: result.slice.slice_name,
              owners: result.slice.owners,
              description: result.slice.description,
              cache_timeout: result.slice.cache_timeout,
              certified_by: result.slice.certified_by,
              certification_details: result.slice.certification_details,
              changed_on: result.slice.changed_on,
            }
          : null,
        can_add: result.can_add,
        can_download: result.can_download,
        can_overwrite: result.can_overwrite,
        standalone: options.standalone,
        force: options.force,
        sqlMaxRow: options.conf.SQL_MAX_ROW || undefined,
      }),
    );
    dispatch(starredSet(false));
    dispatch(chartAdded({ id: result.slice?.slice_id ?? 0, formData }));
    // The chart's data is asked for now rather than once the control panel has rendered (the
    // chart pane runs a chart whose query is still due; this one no longer is).
    void dispatch(runChart());
  };
}

function preloadVizPlugin(vizType: string) {
  if (hasVizPlugin(vizType)) loadVizPlugin(vizType).catch(() => undefined);
}

const isTimeout = (error: unknown) =>
  error instanceof ClientError && error.info.error === REQUEST_TIMED_OUT;

/** Layers drawn from another saved chart's data (native and formula layers need no query). */
function chartSourcedLayers(formData: QueryFormData) {
  const layers = (formData.annotation_layers ?? []) as Array<Record<string, unknown>>;
  return layers.filter(
    (layer) =>
      (layer.sourceType === 'line' || layer.sourceType === 'table') &&
      layer.show !== false &&
      typeof layer.name === 'string' &&
      Number(layer.value) > 0,
  );
}

function runAnnotations(
  chartId: number,
  formData: QueryFormData,
  signal: AbortSignal,
): ExploreThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    const calls = exploreApi(api);
    await Promise.all(
      chartSourcedLayers(formData).map(async (layer) => {
        const name = String(layer.name);
        dispatch(annotationQueryStarted({ id: chartId, name }));
        try {
          const answer = await calls.savedChartData(Number(layer.value), signal);
          dispatch(annotationQuerySucceeded({ id: chartId, name, data: answer.result }));
        } catch (error) {
          const kind = classifyAnnotationFailure({
            aborted: isAbortError(error),
            timedOut: isTimeout(error),
            message: errorMessage(error),
          });
          if (kind === 'aborted') return;
          if (kind === 'no-data') {
            dispatch(annotationQuerySucceeded({ id: chartId, name, data: [] }));
          } else {
            const message = kind === 'timeout' ? ANNOTATION_TIMEOUT_MESSAGE : errorMessage(error);
            dispatch(annotationQueryFailed({ id: chartId, name, message }));
          }
        }
      }),
    );
  };
}

/** Runs the chart: loading, then success or failed; a stop or a newer run aborts it. */
export function runChart(
  options: { force?: boolean; ownState?: Record<string, unknown> } = {},
): ExploreThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const state = getState();
    const formData = state.explore.form_data;
    if (!formData) return;
    const chartId = selectChartId(state);
    // A chart whose controls have errors is not run; the controls say what is missing.
    if (controlErrors(state.explore.controls).length > 0) {
      dispatch(queryTriggered({ id: chartId, value: false }));
      return;
    }
    running.get(chartId)?.abort();
    const controller = new AbortController();
    running.set(chartId, controller);
    dispatch(chartUpdateStarted({ id: chartId, latestQueryFormData: formData }));
    const definition = getChartDefinition(formData.viz_type);
    try {
      if (!definition) throw new Error(`Unknown chart type: ${formData.viz_type}`);
      const force = options.force ?? state.explore.force;
      const queryContext = definition.buildQuery(formData, {
        force,
        resultType: 'full',
        resultFormat: 'json',
        ownState: options.ownState,
      });
      const annotations = dispatch(runAnnotations(chartId, formData, controller.signal));
      const answer = await logChartLoad(
        exploreApi(api).chartData(queryContext, {
          signal: controller.signal,
          sliceId: state.explore.slice?.slice_id,
          dashboardId: formData.dashboardId,
          force,
        }),
        { slice_id: state.explore.slice?.slice_id, viz_type: formData.viz_type },
      );
      await annotations;
      const failed = answer.result.find((part) => part.status === 'failed' || part.error);
      if (failed) {
        dispatch(
          chartUpdateFailed({
            id: chartId,
            message: String(failed.error ?? 'An error occurred'),
            queriesResponse: answer.result,
          }),
        );
      } else {
        dispatch(chartUpdateSucceeded({ id: chartId, queriesResponse: answer.result }));
      }
    } catch (error) {
      // A stop already said so; a newer run replaced this one.
      if (isAbortError(error)) return;
      const info = toClientErrorObject(error);
      dispatch(
        chartUpdateFailed({
          id: chartId,
          message: info.error,
          stackTrace: info.stacktrace ?? null,
        }),
      );
    } finally {
      if (running.get(chartId) === controller) running.delete(chartId);
    }
  };
}

export function stopChart(): ExploreThunk {
  return (dispatch, getState) => {
    const chartId = selectChartId(getState());
    const controller = running.get(chartId);
    if (!controller) return;
    controller.abort();
    running.delete(chartId);
    dispatch(chartUpdateStopped({ id: chartId }));
  };
}

/** A chart that threw while drawing: status failed and the spec's toast. */
export function renderFailed(error: Error): ExploreThunk {
  return (dispatch, getState, { toast }) => {
    const chartId = selectChartId(getState());
    dispatch(
      chartRenderingFailed({ id: chartId, message: error.message, stackTrace: error.stack }),
    );
    toast('danger', formatMessage(RENDER_ERROR, error.message));
  };
}

export function fetchDashboards(userId: number): ExploreThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    try {
      dispatch(dashboardsFetched(await exploreApi(api).myDashboards(userId)));
    } catch {
      dispatch(dashboardsFetchFailed());
    }
  };
}

export interface SaveRequest {
  action: SaveAction;
  sliceName: string;
  dashboard: DashboardChoice | null;
  /** Overwrite even if someone saved the chart since it was opened (after a conflict). */
  ignoreConflict?: boolean;
}

export interface SaveOutcome {
  sliceId: number;
  dashboardId?: number;
}

/** Saves as new or overwrites, adding the chart to a chosen or newly created dashboard. */
export function saveChart(request: SaveRequest): ExploreThunk<Promise<SaveOutcome | null>> {
  return async (dispatch, getState, { api, toast }) => {
    const calls = exploreApi(api);
    const { explore } = getState();
    const problem = savePermissionProblem(request.action, explore);
    if (problem || !explore.form_data || !explore.datasource) {
      const text = problem ?? saveErrorToast(null);
      dispatch(chartSaveFailed(text));
      toast('danger', text);
      return null;
    }
    const previousId = selectChartId(getState());
    const overwriting = request.action === 'overwrite' && explore.slice !== null;
    try {
      let dashboard = request.dashboard;
      if (dashboard?.isNew) {
        const created = await calls.createDashboard(dashboard.title);
        dashboard = { ...dashboard, id: created.id };
      }
      const dashboards: number[] = [];
      if (overwriting && explore.slice) {
        const current = await calls.getChart(explore.slice.slice_id, ['dashboards.id']);
        for (const d of current.result.dashboards ?? []) dashboards.push(d.id);
      }
      if (dashboard?.id) dashboards.push(dashboard.id);
      const payload = buildSavePayload({
        formData: explore.form_data,
        sliceName: request.sliceName,
        datasource: explore.datasource,
        dashboards,
        sliceId: overwriting ? explore.slice?.slice_id : undefined,
      });
      const since = request.ignoreConflict
        ? undefined
        : lastModifiedTimeOf(explore.slice?.changed_on);
      const update = since === undefined ? payload : { ...payload, last_modified_time: since };
      const answer =
        overwriting && explore.slice
          ? await calls.updateChart(explore.slice.slice_id, update)
          : await calls.createChart(payload);
      dispatch(chartSaved({ id: answer.id, slice_name: answer.result.slice_name }));
      dispatch(chartIdUpdated({ from: previousId, to: answer.id }));
      dispatch(
        sliceUpdated({
          slice: {
            ...(overwriting ? explore.slice : {}),
            slice_id: answer.id,
            slice_name: answer.result.slice_name,
            owners: answer.result.owners,
            dashboards: answer.result.dashboards,
            changed_on: changedOnAfterSave(answer),
          },
          can_overwrite: true,
        }),
      );
      dispatch(saveActionSet(request.action));
      for (const text of saveToasts(request.action, answer.result.slice_name, dashboard)) {
        toast('success', text);
      }
      dispatch(saveModalVisibilitySet(false));
      return { sliceId: answer.id, dashboardId: dashboard?.id };
    } catch (error) {
      const failure = toClientErrorObject(error);
      if (overwriting && isSaveConflict(failure)) {
        // Not a failure to report but a choice to offer: the modal asks reload or overwrite.
        dispatch(chartSaveConflicted(SAVE_CONFLICT));
        return null;
      }
      const text = saveErrorToast(failure);
      dispatch(chartSaveFailed(text));
      toast('danger', text);
      return null;
    }
  };
}

export function toggleStar(): ExploreThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const { explore } = getState();
    if (!explore.slice) return;
    const next = !explore.isStarred;
    dispatch(starredSet(next));
    try {
      await exploreApi(api).setFavorite(explore.slice.slice_id, next);
    } catch {
      dispatch(starredSet(!next));
      toast('danger', STAR_ERROR);
    }
  };
}

/** The dataset changed (edited from Explore): read it again and hand it to the controls. */
export function refreshDatasource(): ExploreThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const { datasource } = getState().explore;
    if (!datasource) return;
    try {
      const result = await exploreApi(api).explore({
        datasource_id: datasource.id,
        datasource_type: datasource.type,
      });
      if (result.dataset) dispatch(datasourceSet(result.dataset as unknown as DatasourceMeta));
    } catch (error) {
      toast('danger', errorMessage(error));
    }
  };
}
