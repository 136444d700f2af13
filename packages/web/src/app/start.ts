import { installEventLogSender } from '../features/logs/eventLogSender.ts';
import { api } from './api.ts';
import { readBootstrap } from './bootstrap.ts';
import { applyBootstrap, loginUrl, refreshBootstrap } from './session.ts';
import { createAppStore } from './store.ts';
import { initialThemeMode } from './themeSlice.ts';

/**
 * Creates the store from the page's bootstrap payload (or the API when there is none) and wires
 * the API client: its timeout comes from the bootstrap, and a 401 sends the user to login.
 */
export function startSession(root: HTMLElement) {
  const store = createAppStore({ theme: { mode: initialThemeMode() } });
  api.configure({
    onUnauthorized: () => {
      const { pathname, search } = window.location;
      if (pathname.startsWith('/login')) return;
      window.location.assign(loginUrl(pathname + search));
    },
  });
  installEventLogSender(api, () => store.getState().session.user !== null);
  const bootstrap = readBootstrap(root);
  if (bootstrap) {
    applyBootstrap(store, bootstrap);
  } else {
    refreshBootstrap(store).catch(() => {
      applyBootstrap(store, { user: null, common: store.getState().session.common });
    });
  }
  return store;
}
