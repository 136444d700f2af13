import { createContext } from 'react';
import {
  createDispatchHook,
  createSelectorHook,
  createStoreHook,
  type ReactReduxContextValue,
} from 'react-redux';
import type { SqlLabDispatch, SqlLabRootState, SqlLabStore } from './store.ts';

/** The react-redux context of SQL Lab's own store (store.ts explains why it has one). */
export const SqlLabContext = createContext<ReactReduxContextValue<SqlLabRootState> | null>(
  null,
) as React.Context<ReactReduxContextValue<SqlLabRootState> | null>;

export const useSqlLabSelector = createSelectorHook(SqlLabContext).withTypes<SqlLabRootState>();
export const useSqlLabDispatch = createDispatchHook(SqlLabContext).withTypes<SqlLabDispatch>();
export const useSqlLabStore = createStoreHook(SqlLabContext).withTypes<SqlLabStore>();
