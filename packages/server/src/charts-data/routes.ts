import type { AsyncJob } from '@tessera/shared/api/async';
import type { QueryContext, SamplesAnswer } from '@tessera/shared/api/chartData';
import { asyncRoutes } from '@tessera/shared/api/routes/async';
import { chartDataRoutes as routes } from '@tessera/shared/api/routes/charts';
import { notFound } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  enqueueChartJob,
  isJobCandidate,
  isResultKey,
  jobResult,
  takesJobs,
} from '../async/service.ts';
import type { AppContext } from '../context.ts';
import { describedRoute, describedRoutes } from '../platform/describedRoute.ts';
import { chartDataBatch } from './batch.ts';
import { rememberJsonBodies } from './bodyMemo.ts';
import { type ChartDataReply, postChartData, savedChartData } from './endpoints.ts';
import { exploreJson, parseFormData } from './legacy.ts';
import { datasourceSamples } from './samples.ts';
import { cachedChartData, NotCached } from './service.ts';

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

/** 202 and the job (GLOBAL_ASYNC_QUERIES): the data follows on the caller's channel. */
const sendJob = (reply: FastifyReply, job: AsyncJob) => reply.code(202).send(job);

const truthy = (value: string | undefined) =>
  value !== undefined && ['true', '1', 'yes'].includes(value.toLowerCase());

/**
 * GLOBAL_ASYNC_QUERIES: the caller's channel when this request may queue jobs (the flag is on
 * and a signed-in user asks; guests and anonymous callers are answered at once), else null.
 */
function jobChannel(ctx: AppContext, request: FastifyRequest): string | null {
  if (!takesJobs(ctx, request.actor)) return null;
  return request.asyncChannel ?? request.asyncChannelIssued;
}

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
        const call = {
          force: truthy(request.query.force),
          formData: request.query.form_data,
          dashboardId: request.query.dashboard_id,
        };
        const channel = isJobCandidate(request.body) ? jobChannel(ctx, request) : null;
        try {
          const answer = await postChartData(ctx, request.actor, request.body, {
            ...call,
            cachedOnly: channel !== null,
          });
          if (answer.kind === 'json') return sendJson(reply, answer.json, answer.answer);
          return sendFile(reply, answer);
        } catch (error) {
          if (!(error instanceof NotCached) || channel === null) throw error;
          const work = { kind: 'chart' as const, body: request.body, call };
          return sendJob(reply, await enqueueChartJob(ctx, request.actor, channel, work));
        }
      },
    });

    // Tessera extension: many chart-data calls in one request (see README and batch.ts). Its
    // answer carries every entry's rows: it leaves as the JSON text the service wrote (cached
    // results as stored), not re-checked against the schema nor serialised again.
    const { response: _batchAnswer, ...batchSchema } = describedRoute(routes.batch, tags).schema;
    api.route({
      ...describedRoute(routes.batch, tags),
      schema: batchSchema,
      handler: async (request, reply) => {
        const force = truthy(request.query.force);
        const channel = jobChannel(ctx, request);
        const jobFor =
          channel === null
            ? undefined
            : {
                accepts: isJobCandidate,
                enqueue: (body: QueryContext) =>
                  enqueueChartJob(ctx, request.actor, channel, {
                    kind: 'chart',
                    body,
                    call: { force },
                  }),
              };
        return reply
          .type('application/json; charset=utf-8')
          .send(await chartDataBatch(ctx, request.actor, request.body.queries, { force, jobFor }));
      },
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
      request: FastifyRequest,
      reply: FastifyReply,
      query: { form_data?: string; force?: string },
      body: { form_data?: unknown } | null | undefined,
      path: { type?: string; id?: string },
    ) => {
      const fromBody = body?.form_data;
      const formData = parseFormData(
        fromBody !== undefined && fromBody !== '' ? fromBody : query.form_data,
      );
      const force = truthy(query.force);
      const channel = jobChannel(ctx, request);
      try {
        return await exploreJson(ctx, request.actor, formData, {
          force,
          path,
          cachedOnly: channel !== null,
        });
      } catch (error) {
        if (!(error instanceof NotCached) || channel === null) throw error;
        const work = { kind: 'explore_json' as const, formData, force, path };
        return sendJob(reply, await enqueueChartJob(ctx, request.actor, channel, work));
      }
    };
    serve(routes.exploreJson, async (request, reply) =>
      explore(request, reply, request.query, request.body, {}),
    );
    serve(routes.exploreJsonFor, async (request, reply) =>
      explore(request, reply, request.query, request.body, {
        type: request.params.datasource_type,
        id: request.params.datasource_id,
      }),
    );
    // The legacy job's result (`result_url` of an explore_json job): its owner only.
    serve(asyncRoutes.exploreJsonResult, async (request, reply) => {
      const json = await jobResult(ctx, request.actor, request.params.cache_key, 'explore_json');
      if (!json?.[0]) throw notFound('Cached data not found');
      return reply.type('application/json; charset=utf-8').send(json[0]);
    });

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

    serve(routes.cachedData, async (request, reply) => {
      const key = request.params.cache_key;
      // A chart job's result (`result_url`): its owner only, else the same 404 as a missing key.
      if (isResultKey(key)) {
        const json = await jobResult(ctx, request.actor, key, 'chart');
        if (!json) throw notFound('Cached data not found');
        return sendJson(reply, json);
      }
      const result = await cachedChartData(ctx, request.actor, key);
      if (!result) throw notFound('Cached data not found');
      return { result: [result] };
    });
  };
}
