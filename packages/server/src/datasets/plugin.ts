import type { FastifyPluginAsync } from 'fastify';
import { annotationRoutes } from '../annotations/routes.ts';
import type { AppContext } from '../context.ts';
import { rlsRoutes } from '../rls/routes.ts';
import { datasourceRoutes } from './datasourceRoutes.ts';
import { datasetRoutes } from './routes.ts';

/**
 * The semantic layer's routes in one registration (app.ts registers this once): datasets,
 * explore's datasource calls, row-level security rules and annotation layers.
 */
export function semanticLayerRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(datasetRoutes(ctx));
    await app.register(datasourceRoutes(ctx));
    await app.register(rlsRoutes(ctx));
    await app.register(annotationRoutes(ctx));
  };
}
