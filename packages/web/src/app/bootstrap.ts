import type { BootstrapCommon, BootstrapData } from '@tessera/shared/api/bootstrap';
import { FEATURE_FLAG_DEFAULTS } from '@tessera/shared/featureFlags';

export const BOOTSTRAP_PATH = '/api/v1/bootstrap/';

/** What the client assumes until the server's payload is known (the Vite dev server). */
export const DEFAULT_COMMON: BootstrapCommon = {
  feature_flags: { ...FEATURE_FLAG_DEFAULTS },
  conf: {
    SQL_MAX_ROW: 100000,
    DEFAULT_SQLLAB_LIMIT: 10000,
    SQLLAB_DEFAULT_DBID: null,
    SQLLAB_QUERY_RESULT_TIMEOUT: 0,
    ROW_LIMIT: 50000,
    SAMPLES_ROW_LIMIT: 1000,
    DEFAULT_VIZ_TYPE: 'table',
    DEFAULT_TIME_FILTER: 'No filter',
    SUPERSET_WEBSERVER_TIMEOUT: 60,
    EXPORT_ROW_LIMIT: 1000000,
    TIME_ZONE: 'UTC',
  },
  application_root: '/',
  version: '',
};

/**
 * Reads the payload the server put on `<div id="app" data-bootstrap="...">`; null when the page
 * was not served by Tessera (the Vite dev server), in which case the app asks the API.
 */
export function readBootstrap(root: HTMLElement | null): BootstrapData | null {
  // `data-bootstrap` (BOOTSTRAP_ATTRIBUTE of shared/api/bootstrap.ts, not imported here: that
  // module builds zod schemas, which the first page load does not need).
  const raw = root?.dataset.bootstrap;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as BootstrapData;
  } catch {
    return null;
  }
}
