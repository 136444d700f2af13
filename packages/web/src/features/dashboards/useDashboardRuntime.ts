import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { api } from '../../app/api.ts';
import { LOG_EVENTS, logEvent } from '../../app/eventLogger.ts';
import { absoluteUrl } from '../explore/exportChart.ts';
import {
  COLOR_SYNC_DEBOUNCE_MS,
  collectColors,
  colorSyncState,
  colorsBody,
  dashboardColorNamespace,
  debounce,
  NO_STORED_COLORS,
  prepareColorNamespace,
  type StoredColors,
  storedColors,
} from './colors.ts';
import { dashboardApi } from './dashboardApi.ts';
import { staggeredRefreshPlan } from './refresh.ts';
import { chartsRefreshRequested, everyChartDrawn } from './state/chartsSlice.ts';
import { metadataChanged } from './state/dashboardInfoSlice.ts';
import {
  colorSyncNeeded,
  colorsSynced,
  refreshFinished,
  refreshStarted,
} from './state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector, useDashboardStore } from './state/hooks.ts';
import { permalinkUrlParams } from './urlParams.ts';

/**
 * The page's moving parts that are not drawing: the colour namespace and its debounced sync,
 * the auto-refresh timer, permalinks.
 */
export function useDashboardRuntime(canEdit: boolean) {
  const dispatch = useDashboardDispatch();
  const store = useDashboardStore();
  const info = useDashboardSelector((s) => s.dashboardInfo.info);
  const colorScheme = useDashboardSelector((s) => s.dashboardState.colorScheme);
  const refreshFrequency = useDashboardSelector((s) => s.dashboardState.refreshFrequency);
  const dashboardId = info?.id;
  const metadata = info?.metadata;

  const colorNamespace = useMemo(
    () => (dashboardId && metadata ? dashboardColorNamespace(dashboardId, metadata) : 'GLOBAL'),
    [dashboardId, metadata],
  );
  const labelColors = useMemo(() => metadata?.label_colors ?? {}, [metadata?.label_colors]);

  // What this visit's colours start from and its sync adds to (empty when the stored map was
  // drawn with other colours than the scheme now shown).
  const stored = useRef<StoredColors>(NO_STORED_COLORS);
  const firstScheme = useRef(true);
  useEffect(() => {
    // Read, not subscribed: the sync's own writes to the stored colours must not start over.
    const current = store.getState().dashboardInfo.info?.metadata;
    stored.current = current
      ? storedColors(current, colorScheme, { trustUnmarked: firstScheme.current })
      : NO_STORED_COLORS;
    prepareColorNamespace(colorNamespace, {
      scheme: colorScheme,
      labelColors,
      stored: stored.current,
    });
    if (firstScheme.current) {
      firstScheme.current = false;
      return;
    }
    const ids = store.getState().dashboardState.sliceIds;
    dispatch(chartsRefreshRequested({ ids, force: false }));
  }, [colorNamespace, labelColors, colorScheme, store, dispatch]);

  const canEditRef = useRef(canEdit);
  canEditRef.current = canEdit;
  const sync = useMemo(
    () =>
      debounce(() => {
        const state = store.getState();
        const current = state.dashboardInfo.info;
        if (!current) return;
        const scheme = state.dashboardState.colorScheme;
        const collected = collectColors(colorNamespace, scheme, {
          labelColors: current.metadata.label_colors,
          stored: stored.current,
          everyChartDrawn: everyChartDrawn(state.charts, state.dashboardState.sliceIds),
        });
        const needs = colorSyncState(current.metadata, collected);
        dispatch(colorSyncNeeded(needs));
        // Only someone who may edit the dashboard writes its colours (the server refuses the
        // others); the others just draw them.
        if (
          !(needs.labels || needs.shared) ||
          !canEditRef.current ||
          state.dashboardState.editMode
        ) {
          return;
        }
        const body = colorsBody(current.metadata, colorNamespace, scheme, collected);
        dashboardApi(api)
          .colors(current.id, body)
          .then(
            () => {
              stored.current = collected;
              dispatch(
                metadataChanged({
                  map_label_colors: collected.map_label_colors,
                  shared_label_colors: collected.shared_label_colors,
                  color_scheme_domain: body.color_scheme_domain ?? [],
                }),
              );
              dispatch(colorsSynced());
            },
            () => undefined,
          );
      }, COLOR_SYNC_DEBOUNCE_MS),
    [store, dispatch, colorNamespace],
  );
  useEffect(() => () => sync.cancel(), [sync]);
  const onChartRendered = useCallback(() => sync(), [sync]);

  // Auto-refresh: every tick, charts refresh spread across the stagger window, immune ones skipped.
  useEffect(() => {
    if (!refreshFrequency || refreshFrequency <= 0) return;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const interval = setInterval(() => {
      const state = store.getState();
      const current = state.dashboardInfo.info;
      if (!current) return;
      logEvent(LOG_EVENTS.periodicRefresh, { sourceId: current.id, eventType: 'timing' });
      const plan = staggeredRefreshPlan(
        state.dashboardState.sliceIds,
        current.metadata,
        refreshFrequency,
      );
      dispatch(refreshStarted());
      let last = 0;
      for (const { chartId, delayMs } of plan) {
        last = Math.max(last, delayMs);
        timers.push(
          setTimeout(
            () => dispatch(chartsRefreshRequested({ ids: [chartId], force: true })),
            delayMs,
          ),
        );
      }
      timers.push(setTimeout(() => dispatch(refreshFinished()), last));
    }, refreshFrequency * 1000);
    return () => {
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [refreshFrequency, store, dispatch]);

  const forceRefresh = useCallback(() => {
    const state = store.getState();
    logEvent(LOG_EVENTS.forceRefreshDashboard, { sourceId: state.dashboardInfo.info?.id });
    dispatch(refreshStarted());
    dispatch(chartsRefreshRequested({ ids: state.dashboardState.sliceIds, force: true }));
    dispatch(refreshFinished());
  }, [store, dispatch]);

  /** A permalink of the dashboard as shown: address parameters, open tabs, an anchor. */
  const createPermalink = useCallback(
    async (anchor?: string) => {
      const state = store.getState();
      const id = state.dashboardInfo.info?.id;
      if (!id) throw new Error('The dashboard is not loaded');
      const answer = await dashboardApi(api).createPermalink(id, {
        urlParams: permalinkUrlParams(globalThis.location?.search ?? ''),
        dataMask: state.dataMask,
        activeTabs: state.dashboardState.activeTabs,
        anchor: anchor ?? null,
      });
      return absoluteUrl(answer.url);
    },
    [store],
  );

  const layout = useDashboardSelector((s) => s.dashboardLayout.present as DashboardLayout);
  return { colorNamespace, labelColors, onChartRendered, forceRefresh, createPermalink, layout };
}
