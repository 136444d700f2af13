import { configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { ToastType } from '@tessera/shared/toasts';
import { type ApiClient, api } from '../../../app/api.ts';
import { initialSqlLabState, sqlLabSlice } from './sqlLabSlice.ts';
import type { SqlLabSettings, SqlLabState } from './types.ts';

/**
 * SQL Lab keeps its workspace in a store of its own: the page is lazily loaded, so the app's
 * store never carries it, and the workspace survives navigating away and back within the app.
 * Thunks reach the server and the app's toasts through these services.
 */
export interface SqlLabServices {
  api: ApiClient;
  toast(type: ToastType, text: string): void;
}

export interface SqlLabRootState {
  sqlLab: SqlLabState;
}

export function createSqlLabStore(services: SqlLabServices, settings?: SqlLabSettings) {
  const preloaded = settings ? { sqlLab: initialSqlLabState(settings) } : undefined;
  return configureStore({
    reducer: { sqlLab: sqlLabSlice.reducer },
    preloadedState: preloaded,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        // Results hold many rows: the dev-mode checks would walk every one of them.
        serializableCheck: false,
        immutableCheck: false,
      }),
  });
}

export type SqlLabStore = ReturnType<typeof createSqlLabStore>;
export type SqlLabDispatch = SqlLabStore['dispatch'];
export type SqlLabThunk<R = void> = ThunkAction<R, SqlLabRootState, SqlLabServices, UnknownAction>;

/** Services whose toasts go nowhere until the page connects them (tests, first render). */
export function defaultServices(): SqlLabServices {
  return { api, toast: () => {} };
}
