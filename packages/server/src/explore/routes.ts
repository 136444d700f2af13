import { exploreRoutes as routes } from '@tessera/shared/api/routes/explore';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { createFormData, deleteFormData, readFormData, updateFormData } from './formData.ts';
import { createExplorePermalink, readExplorePermalink } from './permalink.ts';
import { exploreContext } from './service.ts';

const tags = ['Explore'];

/** `/api/v1/explore/`, its form-data cache and its permalinks: thin handlers. */
export function exploreRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);

    serve(routes.get, async (request) => ({
      result: await exploreContext(ctx, request.actor, request.query),
    }));

    serve(routes.createFormData, async (request) =>
      createFormData(ctx, request.actor, request.body),
    );

    serve(routes.updateFormData, async (request) =>
      updateFormData(ctx, request.actor, request.params.key, request.body),
    );

    serve(routes.readFormData, async (request) =>
      readFormData(ctx, request.actor, request.params.key),
    );

    serve(routes.deleteFormData, async (request) =>
      deleteFormData(ctx, request.actor, request.params.key),
    );

    serve(routes.createPermalink, async (request) =>
      createExplorePermalink(ctx, request.actor, request.body),
    );

    serve(routes.readPermalink, async (request) =>
      readExplorePermalink(ctx, request.actor, request.params.key),
    );
  };
}
