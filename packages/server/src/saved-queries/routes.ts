import { savedQueryRoutes as routes } from '@tessera/shared/api/routes/savedQueries';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import {
  createSavedQuery,
  deleteSavedQueries,
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  updateSavedQuery,
} from './service.ts';

const tags = ['Queries'];

/** `/api/v1/saved_query/`: thin handlers; rules live in service.ts. */
export function savedQueryRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listSavedQueries(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );

    serve(routes.create, async (request) => createSavedQuery(ctx, request.actor, request.body));

    serve(routes.bulkDelete, async (request) => {
      if (!request.query.q) throw badRequest('Not a valid rison argument: list the ids to delete');
      return deleteSavedQueries(ctx, request.actor, parseQ(routes.bulkDelete.q, request.query.q));
    });

    serve(routes.get, async (request) => getSavedQuery(ctx, request.actor, request.params.pk));

    serve(routes.update, async (request) =>
      updateSavedQuery(ctx, request.actor, request.params.pk, request.body),
    );

    serve(routes.delete, async (request) =>
      deleteSavedQuery(ctx, request.actor, request.params.pk),
    );
  };
}
