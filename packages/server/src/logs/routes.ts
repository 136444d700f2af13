import multipart from '@fastify/multipart';
import { chartDataRoutes } from '@tessera/shared/api/routes/charts';
import { logRoutes as routes } from '@tessera/shared/api/routes/logs';
import { badRequest, isTesseraError } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import {
  getLog,
  listLogs,
  logFailedChartQuery,
  MAX_BATCH_CHARS,
  pruneLogs,
  recentActivity,
  recordEvents,
} from './service.ts';

const tags = ['LogRestApi'];
const PRUNE_EVERY_MS = 6 * 3600 * 1000;
/** Chart-data routes whose thrown failures are logged (the batch logs its entries itself). */
const CHART_QUERY_URLS = new Set([
  chartDataRoutes.data.path,
  chartDataRoutes.savedChartData.path,
  '/superset/explore_json/',
  '/superset/explore_json/:datasource_type/:datasource_id/',
]);

/** The `events` field of a form (JSON text) or of a JSON body (an array, or JSON text). */
function eventsOf(request: FastifyRequest): unknown {
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must hold the field "events"');
  }
  const events = (body as Record<string, unknown>).events;
  return Array.isArray(events) && typeof events[0] === 'string' && events.length === 1
    ? events[0]
    : events;
}

/** The routes of `/superset/log/` and `/api/v1/log/`: thin handlers; rules live in service.ts. */
function logApi(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Superset's client posts a batch by sendBeacon as multipart form data; parsing is
    // registered here only, so it applies to these routes alone.
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 10, fieldSize: MAX_BATCH_CHARS + 1 },
    });
    const serve = describedRoutes(app, tags);
    for (const spec of [routes.post, routes.legacyPost]) {
      serve(spec, async (request) =>
        recordEvents(ctx, request.actor, {
          events: eventsOf(request),
          dashboardId: request.query.dashboard_id,
          sliceId: request.query.slice_id,
          referrer: request.headers.referer,
        }),
      );
    }
    serve(routes.list, async (request) =>
      listLogs(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );
    serve(routes.recentActivity, async (request) =>
      recentActivity(ctx, request.actor, parseQ(routes.recentActivity.q, request.query.q)),
    );
    serve(routes.get, async (request) => getLog(ctx, request.actor, request.params.pk));
  };
}

/**
 * The event log feature: its routes (encapsulated), a root hook that logs chart queries failing
 * on any route, and the pruning of old rows (at start and every six hours).
 */
export function logFeature(ctx: AppContext): FastifyPluginAsync {
  const feature: FastifyPluginAsync = async (app) => {
    app.addHook('onError', async (request, _reply, error) => {
      // A caller refused before it was identified (401) ran no query.
      const status = isTesseraError(error) ? error.status : error.statusCode;
      const identified = request.actor !== undefined && status !== 401;
      if (identified && CHART_QUERY_URLS.has(request.routeOptions.url ?? '')) {
        logFailedChartQuery(ctx, request.actor, request.body, error);
      }
    });
    await app.register(logApi(ctx));
    const prune = () =>
      pruneLogs(ctx).catch((error: unknown) => {
        ctx.logger.warn({ error: (error as Error)?.name }, 'could not prune the action log');
      });
    await prune();
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  // Not encapsulated: the failure hook must see every feature's routes.
  Object.assign(feature, { [Symbol.for('skip-override')]: true });
  return feature;
}
