import { exploreRoutes as routes } from '@tessera/shared/api/routes/explore';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { createFormData, deleteFormData, readFormData, updateFormData } from './formData.ts';
import { createExplorePermalink, readExplorePermalink } from './permalink.ts';
import { exploreContext } from './service.ts';

const tags = ['Explore'];

/** `/api/v1/explore/`, its form-data cache and its permalinks: thin handlers. */
export function exploreRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.get, tags),
      handler: async (request) => ({
        result: await exploreContext(ctx, request.actor, request.query),
      }),
    });

    r.route({
      ...describedRoute(routes.createFormData, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await createFormData(ctx, request.actor, request.body)),
    });

    r.route({
      ...describedRoute(routes.updateFormData, tags),
      handler: async (request) =>
        updateFormData(ctx, request.actor, request.params.key, request.body),
    });

    r.route({
      ...describedRoute(routes.readFormData, tags),
      handler: async (request) => readFormData(ctx, request.actor, request.params.key),
    });

    r.route({
      ...describedRoute(routes.deleteFormData, tags),
      handler: async (request) => deleteFormData(ctx, request.actor, request.params.key),
    });

    r.route({
      ...describedRoute(routes.createPermalink, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await createExplorePermalink(ctx, request.actor, request.body)),
    });

    r.route({
      ...describedRoute(routes.readPermalink, tags),
      handler: async (request) => readExplorePermalink(ctx, request.actor, request.params.key),
    });
  };
}
