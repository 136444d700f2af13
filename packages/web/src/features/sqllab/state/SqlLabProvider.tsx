import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SqlLabContext } from './hooks.ts';
import type { SqlLabStore } from './store.ts';

/** Makes a SQL Lab store available to `useSqlLabSelector` / `useSqlLabDispatch`. */
export function SqlLabProvider({ store, children }: { store: SqlLabStore; children: ReactNode }) {
  return (
    <Provider store={store} context={SqlLabContext}>
      {children}
    </Provider>
  );
}
