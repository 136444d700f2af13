import { datasourceRoutes as routes } from '@tessera/shared/api/routes/datasets';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { datasourceJson, fetchDatasourceMetadata } from './read.ts';
import { columnValues } from './values.ts';

const tags = ['Datasources'];

/**
 * The datasource routes explore calls: the legacy `/datasource/get/{type}/{id}/` and
 * `fetch_datasource_metadata?datasourceKey={id}__{type}` (also under `/superset/`), both
 * answering the datasource JSON at the top level as Superset does, and the distinct values of a
 * column for filter pickers.
 */
export function datasourceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);

    serve(routes.get, async (request) =>
      datasourceJson(
        ctx,
        request.actor,
        request.params.datasource_type,
        request.params.datasource_id,
      ),
    );

    serve(routes.columnValues, async (request) =>
      columnValues(
        ctx,
        request.actor,
        request.params.datasource_type,
        request.params.datasource_id,
        request.params.column_name,
      ),
    );

    for (const spec of [routes.fetchMetadata, routes.fetchMetadataLegacy]) {
      serve(spec, async (request) =>
        fetchDatasourceMetadata(ctx, request.actor, request.query.datasourceKey),
      );
    }
  };
}
