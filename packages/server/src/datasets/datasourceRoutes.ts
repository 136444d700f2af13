import { datasourceRoutes as routes } from '@tessera/shared/api/routes/datasets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { datasourceJson, fetchDatasourceMetadata } from './read.ts';
import { columnValues } from './values.ts';

const Loose = z.record(z.string(), z.unknown());
const tags = ['Datasources'];

/**
 * The datasource routes explore calls: the legacy `/datasource/get/{type}/{id}/` and
 * `fetch_datasource_metadata?datasourceKey={id}__{type}` (also under `/superset/`), both
 * answering the datasource JSON at the top level as Superset does, and the distinct values of a
 * column for filter pickers.
 */
export function datasourceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.get, tags),
      handler: async (request) =>
        datasourceJson(
          ctx,
          request.actor,
          request.params.datasource_type,
          request.params.datasource_id,
        ),
    });

    r.route({
      ...describedRoute(routes.columnValues, tags),
      handler: async (request) =>
        columnValues(
          ctx,
          request.actor,
          request.params.datasource_type,
          request.params.datasource_id,
          request.params.column_name,
        ),
    });

    // No descriptor: the web never calls these; they serve Superset's own clients.
    const metadataOptions = {
      schema: {
        tags,
        querystring: z.object({ datasourceKey: z.string().optional() }),
        response: { 200: Loose },
      },
    };
    for (const path of [
      '/superset/fetch_datasource_metadata',
      '/api/v1/fetch_datasource_metadata',
    ]) {
      r.get(path, metadataOptions, async (request) =>
        fetchDatasourceMetadata(ctx, request.actor, request.query.datasourceKey),
      );
    }
  };
}
