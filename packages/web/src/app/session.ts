import type { BootstrapData } from '@tessera/shared/api/bootstrap';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import { api } from './api.ts';
import { bootstrapLoaded } from './sessionSlice.ts';
import type { AppStore } from './store.ts';

/** Puts a bootstrap payload in the store and applies its settings to the API client. */
export function applyBootstrap(store: AppStore, data: BootstrapData): void {
  store.dispatch(bootstrapLoaded(data));
  api.configure({ timeoutSeconds: data.common.conf.SUPERSET_WEBSERVER_TIMEOUT });
}

/** Asks the server again who is signed in (after login, or when the page carried no payload). */
export async function refreshBootstrap(store: AppStore): Promise<BootstrapData> {
  // A new session comes with a new CSRF token.
  api.resetCsrfToken();
  const data = await api.call(securityRoutes.bootstrap);
  applyBootstrap(store, data);
  return data;
}

/** Where the login page sends a visitor whose session ended. */
export function loginUrl(next: string): string {
  return `/login/?next=${encodeURIComponent(next)}`;
}

/** Only same-site paths are followed after login (never `//host` or `/\host`). */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Browsers drop tabs and newlines from URLs: `/\t/evil.example` would become `//evil.example`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  return next;
}
