import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChartDataAnswer } from '@tessera/shared/api/chartData';
import type { QueryFormData } from '@tessera/shared/viz/types';

/**
 * The runtime state of each chart on the dashboard (spec "Chart runtime state", the statuses of
 * section 4). `triggerQuery` marks a chart whose data must be (re)fetched: a holder consumes it
 * when the chart is in view, so charts out of view cost nothing until they are scrolled to.
 */

export type ChartStatus = 'loading' | 'success' | 'stopped' | 'rendered' | 'failed' | '';

export interface DashboardChartState {
  id: number;
  chartStatus: ChartStatus;
  chartAlert: string | null;
  chartStackTrace: string | null;
  queriesResponse: ChartDataAnswer['result'] | null;
  latestQueryFormData: QueryFormData | null;
  triggerQuery: boolean;
  /** The next fetch bypasses the cache (force refresh). */
  force: boolean;
  lastRendered: number;
  chartUpdateStartTime: number;
  chartUpdateEndTime: number | null;
}

export type DashboardChartsState = Record<number, DashboardChartState>;

export function emptyChartState(id: number): DashboardChartState {
  return {
    id,
    chartStatus: '',
    chartAlert: null,
    chartStackTrace: null,
    queriesResponse: null,
    latestQueryFormData: null,
    triggerQuery: true,
    force: false,
    lastRendered: 0,
    chartUpdateStartTime: 0,
    chartUpdateEndTime: null,
  };
}

/**
 * Whether each of the charts has drawn at least once on this visit (a chart on a tab never opened
 * has not): only then do the colours collected from the drawn charts describe the whole dashboard.
 */
export function everyChartDrawn(charts: DashboardChartsState, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => (charts[id]?.lastRendered ?? 0) > 0);
}

export const chartsSlice = createSlice({
  name: 'charts',
  initialState: {} as DashboardChartsState,
  reducers: {
    chartsInitialised(_state, action: PayloadAction<{ ids: number[]; force?: boolean }>) {
      return Object.fromEntries(
        action.payload.ids.map((id) => [
          id,
          { ...emptyChartState(id), force: action.payload.force ?? false },
        ]),
      );
    },
    /** Marks charts to fetch again when next in view (refresh; force skips the cache). */
    chartsRefreshRequested(state, action: PayloadAction<{ ids: number[]; force: boolean }>) {
      for (const id of action.payload.ids) {
        state[id] ??= emptyChartState(id);
        state[id].triggerQuery = true;
        state[id].force = state[id].force || action.payload.force;
      }
    },
    chartUpdateStarted(state, action: PayloadAction<{ id: number; formData: QueryFormData }>) {
      state[action.payload.id] ??= emptyChartState(action.payload.id);
      const chart = state[action.payload.id] as DashboardChartState;
      chart.chartStatus = 'loading';
      chart.chartAlert = null;
      chart.chartStackTrace = null;
      chart.triggerQuery = false;
      chart.force = false;
      chart.latestQueryFormData = action.payload.formData;
      chart.chartUpdateStartTime = Date.now();
      chart.chartUpdateEndTime = null;
    },
    chartUpdateSucceeded(
      state,
      action: PayloadAction<{ id: number; queriesResponse: ChartDataAnswer['result'] }>,
    ) {
      const chart = state[action.payload.id];
      if (!chart) return;
      chart.chartStatus = 'success';
      chart.queriesResponse = action.payload.queriesResponse;
      chart.chartUpdateEndTime = Date.now();
    },
    chartUpdateFailed(
      state,
      action: PayloadAction<{ id: number; error: string; stackTrace?: string | null }>,
    ) {
      const chart = state[action.payload.id];
      if (!chart) return;
      chart.chartStatus = 'failed';
      chart.chartAlert = action.payload.error;
      chart.chartStackTrace = action.payload.stackTrace ?? null;
      chart.queriesResponse = null;
      chart.chartUpdateEndTime = Date.now();
    },
    chartRenderSucceeded(state, action: PayloadAction<number>) {
      const chart = state[action.payload];
      if (!chart || chart.chartStatus === 'failed') return;
      chart.chartStatus = 'rendered';
      chart.lastRendered = Date.now();
    },
    chartRenderFailed(state, action: PayloadAction<{ id: number; error: string }>) {
      const chart = state[action.payload.id];
      if (!chart) return;
      chart.chartStatus = 'failed';
      chart.chartAlert = action.payload.error;
    },
  },
});

export const {
  chartsInitialised,
  chartsRefreshRequested,
  chartUpdateStarted,
  chartUpdateSucceeded,
  chartUpdateFailed,
  chartRenderSucceeded,
  chartRenderFailed,
} = chartsSlice.actions;
