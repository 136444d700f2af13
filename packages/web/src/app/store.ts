import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { sessionSlice } from './sessionSlice.ts';
import { themeSlice } from './themeSlice.ts';
import { toastsSlice } from './toastsSlice.ts';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  toasts: toastsSlice.reducer,
  theme: themeSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

export const selectUser = (state: RootState) => state.session.user;
export const selectCommon = (state: RootState) => state.session.common;
