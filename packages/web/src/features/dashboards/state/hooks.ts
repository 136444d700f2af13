import { createContext } from 'react';
import {
  createDispatchHook,
  createSelectorHook,
  createStoreHook,
  type ReactReduxContextValue,
} from 'react-redux';
import type { DashboardDispatch, DashboardRootState, DashboardStore } from './store.ts';

/** The react-redux context of the dashboard page's own store (store.ts says why it has one). */
export const DashboardContext = createContext<ReactReduxContextValue<DashboardRootState> | null>(
  null,
) as React.Context<ReactReduxContextValue<DashboardRootState> | null>;

export const useDashboardSelector =
  createSelectorHook(DashboardContext).withTypes<DashboardRootState>();
export const useDashboardDispatch =
  createDispatchHook(DashboardContext).withTypes<DashboardDispatch>();
export const useDashboardStore = createStoreHook(DashboardContext).withTypes<DashboardStore>();
