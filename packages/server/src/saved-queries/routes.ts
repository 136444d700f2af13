import { savedQueryRoutes as routes } from '@tessera/shared/api/routes/savedQueries';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
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
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.list, tags),
      handler: async (request) =>
        listSavedQueries(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    });

    r.route({
      ...describedRoute(routes.create, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await createSavedQuery(ctx, request.actor, request.body)),
    });

    r.route({
      ...describedRoute(routes.bulkDelete, tags),
      handler: async (request) => {
        if (!request.query.q)
          throw badRequest('Not a valid rison argument: list the ids to delete');
        return deleteSavedQueries(ctx, request.actor, parseQ(routes.bulkDelete.q, request.query.q));
      },
    });

    r.route({
      ...describedRoute(routes.get, tags),
      handler: async (request) => getSavedQuery(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.update, tags),
      handler: async (request) =>
        updateSavedQuery(ctx, request.actor, request.params.pk, request.body),
    });

    r.route({
      ...describedRoute(routes.delete, tags),
      handler: async (request) => deleteSavedQuery(ctx, request.actor, request.params.pk),
    });
  };
}
