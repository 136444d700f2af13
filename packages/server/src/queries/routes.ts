import { queryRoutes as routes } from '@tessera/shared/api/routes/queries';
import { TesseraError } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { getQuery, type LocalRuns, listQueries, stopQuery, updatedSince } from './service.ts';

const tags = ['Queries'];

/** `/api/v1/query/`: SQL Lab's query history, polling and stop (of `runs` held here, at once). */
export function queryRoutes(ctx: AppContext, runs: LocalRuns): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listQueries(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );

    serve(routes.updatedSince, async (request) => {
      if (!request.query.q) return reply400();
      return updatedSince(
        ctx,
        request.actor,
        parseQ(routes.updatedSince.q, request.query.q).last_updated_ms,
      );
    });

    serve(routes.stop, async (request) =>
      stopQuery(ctx, runs, request.actor, request.body.client_id),
    );

    serve(routes.get, async (request) => getQuery(ctx, request.actor, request.params.pk));
  };
}

function reply400(): never {
  throw new TesseraError(400, 'Not a valid rison schema: q: last_updated_ms is required');
}
