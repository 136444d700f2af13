import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ExploreContext } from './hooks.ts';
import type { ExploreStore } from './store.ts';

/** Makes an Explore store available to `useExploreSelector` / `useExploreDispatch`. */
export function ExploreProvider({ store, children }: { store: ExploreStore; children: ReactNode }) {
  return (
    <Provider store={store} context={ExploreContext}>
      {children}
    </Provider>
  );
}
