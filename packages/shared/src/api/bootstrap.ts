import { z } from 'zod';

/**
 * The bootstrap payload: what the web client needs before its first call. The server injects it
 * into index.html as `data-bootstrap` (CSP forbids inline scripts) and answers it again at
 * `GET /api/v1/bootstrap/` so the client can refresh it after login.
 */

const PermissionPair = z.tuple([z.string(), z.string()]);

export const BootstrapUser = z.object({
  userId: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  isAnonymous: z.boolean(),
  /** Role name to its [permission, view] pairs, as `shared/permissions.ts` reads them. */
  roles: z.record(z.string(), z.array(PermissionPair)),
  /** View names of the user's object grants, as Superset's bootstrap lists them. */
  permissions: z.object({
    database_access: z.array(z.string()),
    datasource_access: z.array(z.string()),
  }),
});
export type BootstrapUser = z.infer<typeof BootstrapUser>;

/** The settings of the spec the client reads, under Superset's names. */
export const BootstrapConf = z.object({
  SQL_MAX_ROW: z.number(),
  DEFAULT_SQLLAB_LIMIT: z.number(),
  SQLLAB_DEFAULT_DBID: z.number().nullable(),
  SQLLAB_QUERY_RESULT_TIMEOUT: z.number(),
  ROW_LIMIT: z.number(),
  SAMPLES_ROW_LIMIT: z.number(),
  DEFAULT_VIZ_TYPE: z.string(),
  DEFAULT_TIME_FILTER: z.string(),
  /** Seconds; the web client's request timeout and the chart timeout. */
  SUPERSET_WEBSERVER_TIMEOUT: z.number(),
  EXPORT_ROW_LIMIT: z.number(),
  TIME_ZONE: z.string(),
  /** GLOBAL_ASYNC_QUERIES only: how the client hears of its chart jobs. */
  GLOBAL_ASYNC_QUERIES_TRANSPORT: z.enum(['polling', 'ws']).optional(),
  /** Milliseconds between polls of `/api/v1/async_event/`. */
  GLOBAL_ASYNC_QUERIES_POLLING_DELAY: z.number().optional(),
  /** The websocket's address: a path on this server (the client adds scheme and host). */
  GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: z.string().optional(),
});
export type BootstrapConf = z.infer<typeof BootstrapConf>;

export const BootstrapCommon = z.object({
  feature_flags: z.record(z.string(), z.boolean()),
  conf: BootstrapConf,
  application_root: z.string(),
  version: z.string(),
});
export type BootstrapCommon = z.infer<typeof BootstrapCommon>;

export const BootstrapData = z.object({
  /** null when nobody is signed in (the login page). */
  user: BootstrapUser.nullable(),
  common: BootstrapCommon,
  /** A query posted to `/sqllab/` as a form (a chart's "Edit in SQL Lab"), opened in a new tab. */
  requested_query: z
    .object({ datasourceKey: z.string().optional(), sql: z.string().optional() })
    .optional(),
  /** The embedded page's dashboard (`/embedded/{uuid}`), as Superset's bootstrap names it. */
  embedded: z.object({ dashboard_id: z.string() }).optional(),
});
export type BootstrapData = z.infer<typeof BootstrapData>;

/** The attribute of `<div id="app">` that carries the payload. */
export const BOOTSTRAP_ATTRIBUTE = 'data-bootstrap';
