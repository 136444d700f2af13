import type { SamplesAnswer } from '@tessera/shared/api/chartData';
import { chartDataRoutes as routes } from '@tessera/shared/api/routes/charts';
import { notFound } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute, describedRoutes } from '../platform/describedRoute.ts';
import type { Actor } from '../security/actor.ts';
import { chartDataBatch } from './batch.ts';
import { rememberJsonBodies } from './bodyMemo.ts';
import { type ChartDataReply, postChartData, savedChartData } from './endpoints.ts';
import { exploreJson, parseFormData } from './legacy.ts';
import { datasourceSamples } from './samples.ts';
import { cachedChartData } from './service.ts';

const tags = ['Charts'];

/**
 * `{result: [...]}` from results already in JSON (a cached one is sent as stored), or the
 * answer's bytes when the service has them (a repeated cached hit).
 */
const sendJson = (reply: FastifyReply, results: string[], answer?: Buffer) =>
  reply.type('application/json; charset=utf-8').send(answer ?? `{"result":[${results.join(',')}]}`);

/** A CSV or XLSX export: bytes, outside the route's JSON answer. */
const sendFile = (reply: FastifyReply, file: Extract<ChartDataReply, { kind: 'file' }>) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);

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

    // JSON answers leave as the text the service wrote (a string skips the response schema).
    api.route({
      ...describedRoute(routes.data, tags),
      handler: async (request, reply) => {
        const answer = await postChartData(ctx, request.actor, request.body, {
          force: truthy(request.query.force),
          formData: request.query.form_data,
          dashboardId: request.query.dashboard_id,
        });
        if (answer.kind === 'json') return sendJson(reply, answer.json, answer.answer);
        return sendFile(reply, answer);
      },
    });

    // Tessera extension: many chart-data calls in one request (see README and batch.ts). Its
    // answer carries every entry's rows: it leaves as the JSON text the service wrote (cached
    // results as stored), not re-checked against the schema nor serialised again.
    const { response: _batchAnswer, ...batchSchema } = describedRoute(routes.batch, tags).schema;
    api.route({
      ...describedRoute(routes.batch, tags),
      schema: batchSchema,
      handler: async (request, reply) =>
        reply.type('application/json; charset=utf-8').send(
          await chartDataBatch(ctx, request.actor, request.body.queries, {
            force: truthy(request.query.force),
          }),
        ),
    });

    api.route({
      ...describedRoute(routes.samples, ['Datasources']),
      // The service builds the page from an untyped chart-data result; the answer's schema
      // checks it on the way out.
      handler: async (request) =>
        (await datasourceSamples(
          ctx,
          request.actor,
          { ...request.query, force: truthy(request.query.force) },
          request.body,
        )) as SamplesAnswer,
    });

    const serve = describedRoutes(api, tags);
    const explore = async (
      actor: Actor,
      query: { form_data?: string; force?: string },
      body: { form_data?: unknown } | null | undefined,
      path: { type?: string; id?: string },
    ) => {
      const fromBody = body?.form_data;
      const formData = parseFormData(
        fromBody !== undefined && fromBody !== '' ? fromBody : query.form_data,
      );
      return exploreJson(ctx, actor, formData, { force: truthy(query.force), path });
    };
    serve(routes.exploreJson, async (request) =>
      explore(request.actor, request.query, request.body, {}),
    );
    serve(routes.exploreJsonFor, async (request) =>
      explore(request.actor, request.query, request.body, {
        type: request.params.datasource_type,
        id: request.params.datasource_id,
      }),
    );

    api.route({
      ...describedRoute(routes.savedChartData, tags),
      handler: async (request, reply) =>
        sendJson(
          reply,
          await savedChartData(ctx, request.actor, request.params.pk, {
            force: truthy(request.query.force),
          }),
        ),
    });

    serve(routes.cachedData, async (request) => {
      const result = await cachedChartData(ctx, request.actor, request.params.cache_key);
      if (!result) throw notFound('Cached data not found');
      return { result: [result] };
    });
  };
}
