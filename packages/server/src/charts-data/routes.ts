import { ChartDataBatchBody, QueryContext } from '@tessera/shared/api/chartData';
import { notFound } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { chartDataBatch } from './batch.ts';
import { rememberJsonBodies } from './bodyMemo.ts';
import { postChartData, savedChartData } from './endpoints.ts';
import { exploreJson, parseFormData } from './legacy.ts';
import { datasourceSamples, SamplesPayload } from './samples.ts';
import { cachedChartData } from './service.ts';

const ChartDataQueryString = z.looseObject({
  form_data: z.string().optional(),
  dashboard_id: z.string().optional(),
  force: z.string().optional(),
});

/** `{result: [...]}` from results already in JSON (a cached one is sent as stored). */
const sendJson = (reply: FastifyReply, results: string[]) =>
  reply.type('application/json; charset=utf-8').send(`{"result":[${results.join(',')}]}`);

const truthy = (value: string | undefined) =>
  value !== undefined && ['true', '1', 'yes'].includes(value.toLowerCase());

/**
 * `POST /api/v1/chart/data`, `GET /api/v1/chart/data/{cache_key}` and their relatives: thin
 * handlers over the services. The cache is the context's (`ctx.dataCache`), closed by app.ts.
 */
export function chartDataRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    rememberJsonBodies(app);
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/v1/chart/data',
      { schema: { body: QueryContext, querystring: ChartDataQueryString, tags: ['Charts'] } },
      async (request, reply) => {
        const answer = await postChartData(ctx, request.actor, request.body, {
          force: truthy(request.query.force),
          formData: request.query.form_data,
          dashboardId: request.query.dashboard_id,
        });
        if (answer.kind === 'json') return sendJson(reply, answer.json);
        return reply
          .type(answer.contentType)
          .header('content-disposition', `attachment; filename="${answer.filename}"`)
          .send(answer.body);
      },
    );

    // Tessera extension: many chart-data calls in one request (see README and batch.ts).
    api.post(
      '/api/v1/chart/data/batch',
      {
        schema: { body: ChartDataBatchBody, querystring: ChartDataQueryString, tags: ['Charts'] },
      },
      async (request) =>
        chartDataBatch(ctx, request.actor, request.body.queries, {
          force: truthy(request.query.force),
        }),
    );

    api.post(
      '/datasource/samples',
      {
        schema: {
          tags: ['Datasources'],
          querystring: z.object({
            datasource_type: z.string().min(1),
            datasource_id: z.coerce.number().int().positive(),
            force: z.string().optional(),
            page: z.coerce.number().int().optional(),
            per_page: z.coerce.number().int().optional(),
          }),
          body: SamplesPayload,
        },
      },
      async (request) =>
        datasourceSamples(
          ctx,
          request.actor,
          { ...request.query, force: truthy(request.query.force) },
          request.body,
        ),
    );

    const ExploreQuery = z.looseObject({
      form_data: z.string().optional(),
      force: z.string().optional(),
    });
    const ExploreBody = z.looseObject({ form_data: z.unknown().optional() }).nullish();
    const explore = async (
      request: FastifyRequest<{ Querystring: z.infer<typeof ExploreQuery> }>,
      body: z.infer<typeof ExploreBody>,
      path: { type?: string; id?: string },
    ) => {
      const fromBody = body?.form_data;
      const formData = parseFormData(
        fromBody !== undefined && fromBody !== '' ? fromBody : request.query.form_data,
      );
      return exploreJson(ctx, request.actor, formData, {
        force: truthy(request.query.force),
        path,
      });
    };
    api.post(
      '/superset/explore_json/',
      { schema: { querystring: ExploreQuery, body: ExploreBody, tags: ['Charts'] } },
      async (request) => explore(request, request.body, {}),
    );
    api.post(
      '/superset/explore_json/:datasource_type/:datasource_id/',
      {
        schema: {
          querystring: ExploreQuery,
          body: ExploreBody,
          params: z.object({ datasource_type: z.string(), datasource_id: z.string() }),
          tags: ['Charts'],
        },
      },
      async (request) =>
        explore(request, request.body, {
          type: request.params.datasource_type,
          id: request.params.datasource_id,
        }),
    );

    // A saved chart's data by its stored query context.
    api.get(
      '/api/v1/chart/:pk/data/',
      {
        schema: {
          params: z.object({ pk: z.coerce.number().int() }),
          querystring: ChartDataQueryString,
          tags: ['Charts'],
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await savedChartData(ctx, request.actor, request.params.pk, {
            force: truthy(request.query.force),
          }),
        ),
    );

    api.get(
      '/api/v1/chart/data/:cache_key',
      { schema: { params: z.object({ cache_key: z.string() }), tags: ['Charts'] } },
      async (request) => {
        const result = await cachedChartData(ctx, request.actor, request.params.cache_key);
        if (!result) throw notFound('Cached data not found');
        return { result: [result] };
      },
    );
  };
}
