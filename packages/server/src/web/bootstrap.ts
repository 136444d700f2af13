import { readFileSync } from 'node:fs';
import type { BootstrapData, BootstrapUser } from '@tessera/shared/api/bootstrap';
import type { Config } from '../platform/config.ts';
import type { Actor, CurrentUser } from '../security/actor.ts';

const serverPackage = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The running version, shown in the client's Settings menu. */
export const TESSERA_VERSION = serverPackage.version;

/** Object grants are listed by view name, as Superset's bootstrap does. */
function grantedViews(user: CurrentUser, permission: string): string[] {
  const views = new Set<string>();
  for (const pairs of Object.values(user.roles)) {
    for (const [perm, view] of pairs) if (perm === permission) views.add(view);
  }
  return [...views].sort();
}

export function bootstrapUser(user: CurrentUser): BootstrapUser {
  return {
    userId: user.id,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    isActive: true,
    isAnonymous: false,
    roles: Object.fromEntries(
      Object.entries(user.roles).map(([role, pairs]) => [role, pairs.map(([p, v]) => [p, v])]),
    ) as BootstrapUser['roles'],
    permissions: {
      database_access: grantedViews(user, 'database_access'),
      datasource_access: grantedViews(user, 'datasource_access'),
    },
  };
}

/** What the client starts with: the signed-in user (none for anyone else) and the settings. */
export function bootstrapData(config: Config, actor: Actor): BootstrapData {
  return {
    user: actor.user ? bootstrapUser(actor.user) : null,
    common: {
      feature_flags: { ...config.featureFlags },
      conf: {
        SQL_MAX_ROW: config.sqlMaxRow,
        DEFAULT_SQLLAB_LIMIT: config.defaultSqllabLimit,
        SQLLAB_DEFAULT_DBID: config.sqllabDefaultDbId,
        SQLLAB_QUERY_RESULT_TIMEOUT: config.sqllabQueryResultTimeout,
        ROW_LIMIT: config.rowLimit,
        SAMPLES_ROW_LIMIT: config.samplesRowLimit,
        DEFAULT_VIZ_TYPE: config.defaultVizType,
        DEFAULT_TIME_FILTER: config.defaultTimeFilter,
        SUPERSET_WEBSERVER_TIMEOUT: config.webserverTimeout,
        EXPORT_ROW_LIMIT: config.exportRowLimit,
        TIME_ZONE: config.timeZone,
        ...(config.featureFlags.GLOBAL_ASYNC_QUERIES
          ? {
              GLOBAL_ASYNC_QUERIES_TRANSPORT: config.globalAsync.transport,
              GLOBAL_ASYNC_QUERIES_POLLING_DELAY: config.globalAsync.pollingDelayMs,
              GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: config.globalAsync.websocketPath,
            }
          : {}),
      },
      application_root: '/',
      version: TESSERA_VERSION,
    },
  };
}
