import { rlsRoutes as routes } from '@tessera/shared/api/routes/rls';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { createRule, deleteRules, getRule, listRules, updateRule } from './service.ts';

/** `/api/v1/rowlevelsecurity/`: thin handlers over service.ts. */
export function rlsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, ['Row Level Security']);
    serve(routes.list, async ({ actor, query }) =>
      listRules(ctx, actor, parseQ(routes.list.q, query.q)),
    );
    serve(routes.create, async ({ actor, body }) => createRule(ctx, actor, body));
    serve(routes.bulkDelete, async ({ actor, query }) =>
      deleteRules(ctx, actor, query.q ? parseQ(routes.bulkDelete.q, query.q) : [], true),
    );
    serve(routes.get, async ({ actor, params }) => getRule(ctx, actor, params.pk));
    serve(routes.update, async ({ actor, params, body }) =>
      updateRule(ctx, actor, params.pk, body),
    );
    serve(routes.delete, async ({ actor, params }) => deleteRules(ctx, actor, [params.pk], false));
  };
}
