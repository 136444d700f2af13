import { createContext } from 'react';
import {
  createDispatchHook,
  createSelectorHook,
  createStoreHook,
  type ReactReduxContextValue,
} from 'react-redux';
import type { ExploreDispatch, ExploreRootState, ExploreStore } from './store.ts';

/** The react-redux context of Explore's own store (store.ts explains why it has one). */
export const ExploreContext = createContext<ReactReduxContextValue<ExploreRootState> | null>(
  null,
) as React.Context<ReactReduxContextValue<ExploreRootState> | null>;

export const useExploreSelector = createSelectorHook(ExploreContext).withTypes<ExploreRootState>();
export const useExploreDispatch = createDispatchHook(ExploreContext).withTypes<ExploreDispatch>();
export const useExploreStore = createStoreHook(ExploreContext).withTypes<ExploreStore>();
