import {
  configureStore,
  type Middleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { ToastType } from '@tessera/shared/toasts';
import { type ApiClient, api } from '../../../app/api.ts';
import type { ChartDataBatcher } from '../charts/batcher.ts';
import { createChartDataBatcher } from '../charts/batcher.ts';
import { dataMaskSlice } from '../nativeFilters/dataMaskSlice.ts';
import { chartsRefreshRequested, chartsSlice } from './chartsSlice.ts';
import { dashboardInfoSlice } from './dashboardInfoSlice.ts';
import { dashboardSlice } from './dashboardSlice.ts';
import { layoutSlice } from './layoutSlice.ts';
import { fetchChartData } from './thunks.ts';

/**
 * The dashboard page keeps its state in a store of its own (as Explore and SQL Lab do): the page
 * is lazily loaded, and each visit starts from what the address names. Keys follow Superset's:
 * `dashboardInfo`, `dashboardState`, `dashboardLayout` (the editor's undoable layout), `charts`.
 */
export interface DashboardServices {
  api: ApiClient;
  toast(type: ToastType, text: string): void;
  /** Chart-data calls go through one batcher per page (see charts/batcher.ts). */
  batcher: ChartDataBatcher;
  /** The charts whose holders are mounted and in view (see `chartLive` in thunks.ts). */
  liveCharts: Set<number>;
}

/**
 * A refresh (a filter applied, a cross-filter, the refresh menu) sends the live charts' queries
 * in the same task, one batch, before React renders the page for the change: on a 50-chart
 * dashboard that render takes ~100 ms of a slow machine. Charts not live query when next in view.
 */
function queryLiveCharts(services: DashboardServices): Middleware {
  return (store) => (next) => (action) => {
    const result = next(action);
    if (chartsRefreshRequested.match(action)) {
      const dispatch = store.dispatch as (thunk: DashboardThunk<Promise<void>>) => Promise<void>;
      const live = action.payload.ids.filter((id) => services.liveCharts.has(id));
      for (const id of live) void dispatch(fetchChartData(id));
      if (live.length > 0) services.batcher.flush();
    }
    return result;
  };
}

export function createDashboardStore(services: Partial<DashboardServices> = {}) {
  const client = services.api ?? api;
  const full: DashboardServices = {
    api: client,
    toast: services.toast ?? (() => {}),
    batcher: services.batcher ?? createChartDataBatcher(client),
    liveCharts: services.liveCharts ?? new Set(),
  };
  return configureStore({
    reducer: {
      dashboardInfo: dashboardInfoSlice.reducer,
      dashboardState: dashboardSlice.reducer,
      dashboardLayout: layoutSlice.reducer,
      charts: chartsSlice.reducer,
      dataMask: dataMaskSlice.reducer,
    },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: full },
        // Chart answers carry many rows; checking them on every action costs more than it finds.
        serializableCheck: false,
        immutableCheck: false,
      }).concat(queryLiveCharts(full)),
  });
}

export type DashboardStore = ReturnType<typeof createDashboardStore>;
export type DashboardRootState = ReturnType<DashboardStore['getState']>;
export type DashboardDispatch = DashboardStore['dispatch'];
export type DashboardThunk<R = void> = ThunkAction<
  R,
  DashboardRootState,
  DashboardServices,
  UnknownAction
>;
