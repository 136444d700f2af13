import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { datasourceJson, fetchDatasourceMetadata } from './read.ts';
import { columnValues } from './values.ts';

const Loose = z.record(z.string(), z.unknown());
const TypeAndId = z.object({
  datasource_type: z.string().min(1),
  datasource_id: z.coerce.number().int().positive(),
});

/**
 * The datasource routes explore calls: the legacy `/datasource/get/{type}/{id}/` and
 * `fetch_datasource_metadata?datasourceKey={id}__{type}` (also under `/superset/`), both
 * answering the datasource JSON at the top level as Superset does, and the distinct values of a
 * column for filter pickers.
 */
export function datasourceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['Datasources'];

    r.get(
      '/datasource/get/:datasource_type/:datasource_id/',
      { schema: { tags, params: TypeAndId, response: { 200: Loose } } },
      async (request) =>
        datasourceJson(
          ctx,
          request.actor,
          request.params.datasource_type,
          request.params.datasource_id,
        ),
    );

    r.get(
      '/api/v1/datasource/:datasource_type/:datasource_id/column/:column_name/values/',
      {
        schema: {
          tags,
          params: TypeAndId.extend({ column_name: z.string().min(1) }),
          response: { 200: z.object({ result: z.array(z.unknown()) }) },
        },
      },
      async (request) =>
        columnValues(
          ctx,
          request.actor,
          request.params.datasource_type,
          request.params.datasource_id,
          request.params.column_name,
        ),
    );

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
