import { configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { ToastType } from '@tessera/shared/toasts';
import { type ApiClient, api } from '../../../app/api.ts';
import { chartSlice } from './chartSlice.ts';
import { exploreSlice } from './exploreSlice.ts';
import { saveModalSlice } from './saveModalSlice.ts';

/**
 * Explore keeps its state in a store of its own, as SQL Lab does: the page is lazily loaded, so
 * the app's store never carries its slices, and each visit starts from what the URL names.
 * Thunks reach the server and the app's toasts through these services.
 */
export interface ExploreServices {
  api: ApiClient;
  toast(type: ToastType, text: string): void;
}

export function createExploreStore(services: ExploreServices) {
  return configureStore({
    reducer: {
      explore: exploreSlice.reducer,
      charts: chartSlice.reducer,
      saveModal: saveModalSlice.reducer,
    },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        // Control configs carry functions (validators, visibility) and results carry many rows.
        serializableCheck: false,
        immutableCheck: false,
      }),
  });
}

export type ExploreStore = ReturnType<typeof createExploreStore>;
export type ExploreRootState = ReturnType<ExploreStore['getState']>;
export type ExploreDispatch = ExploreStore['dispatch'];
export type ExploreThunk<R = void> = ThunkAction<
  R,
  ExploreRootState,
  ExploreServices,
  UnknownAction
>;

export function defaultServices(): ExploreServices {
  return { api, toast: () => {} };
}
