import { rlsRoutes as routes } from '@tessera/shared/api/routes/rls';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { createRule, deleteRules, getRule, listRules, updateRule } from './service.ts';

const tags = ['Row Level Security'];

/** `/api/v1/rowlevelsecurity/`: thin handlers over service.ts. */
export function rlsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.list, tags),
      handler: async (request) =>
        listRules(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    });

    r.route({
      ...describedRoute(routes.create, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await createRule(ctx, request.actor, request.body)),
    });

    r.route({
      ...describedRoute(routes.bulkDelete, tags),
      handler: async (request) => {
        const ids = request.query.q ? parseQ(routes.bulkDelete.q, request.query.q) : [];
        return deleteRules(ctx, request.actor, ids, true);
      },
    });

    r.route({
      ...describedRoute(routes.get, tags),
      handler: async (request) => getRule(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.update, tags),
      handler: async (request) => updateRule(ctx, request.actor, request.params.pk, request.body),
    });

    r.route({
      ...describedRoute(routes.delete, tags),
      handler: async (request) => deleteRules(ctx, request.actor, [request.params.pk], false),
    });
  };
}
