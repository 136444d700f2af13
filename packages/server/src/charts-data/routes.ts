import {
  ChartDataBatchBody,
  QueryContext,
  QueryContext as QueryContextSchema,
} from '@tessera/shared/api/chartData';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import { type Cache, createCache } from '../platform/cache/index.ts';
import { requirePermission } from '../security/currentUser.ts';
import { toCsv, toXlsx } from './answer.ts';
import { chartDataBatch } from './batch.ts';
import { rememberJsonBodies } from './bodyMemo.ts';
import { checkSliceId, exploreJson, parseFormData } from './legacy.ts';
import { chartRepository } from './repository.ts';
import { datasourceSamples, SamplesPayload } from './samples.ts';
import { cachedChartData, chartData } from './service.ts';

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

/** `POST /api/v1/chart/data` and `GET /api/v1/chart/data/{cache_key}`. */
export function chartDataRoutes(
  ctx: AppContext,
  cache: Cache = createCache(ctx.config),
): FastifyPluginAsync {
  return async (app) => {
    rememberJsonBodies(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('onClose', async () => {
      await cache.close();
    });

    api.post(
      '/api/v1/chart/data',
      { schema: { body: QueryContext, querystring: ChartDataQueryString, tags: ['Charts'] } },
      async (request, reply) => {
        const formData = parseFormData(request.query.form_data);
        await checkSliceId(ctx, formData);
        const body = request.body;
        if (body.result_format === 'csv' || body.result_format === 'xlsx') {
          requirePermission(request, 'can_csv', 'Superset');
        }
        const outcome = await chartData(ctx, cache, request, body, {
          force: truthy(request.query.force),
          dashboard: { dashboardId: request.query.dashboard_id, sliceId: formData.slice_id },
        });
        if (outcome.format === 'json') return sendJson(reply, outcome.json);
        const [part] = outcome.parts;
        if (outcome.parts.length !== 1 || !part) {
          throw badRequest('A CSV or XLSX export takes exactly one query');
        }
        const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '');
        if (outcome.format === 'csv') {
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="chart_data_${stamp}.csv"`)
            .send(toCsv(part));
        }
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="chart_data_${stamp}.xlsx"`)
          .send(await toXlsx(part));
      },
    );

    // Tessera extension: many chart-data calls in one request (see README and batch.ts).
    api.post(
      '/api/v1/chart/data/batch',
      {
        schema: { body: ChartDataBatchBody, querystring: ChartDataQueryString, tags: ['Charts'] },
      },
      async (request) =>
        chartDataBatch(ctx, cache, request, request.body.queries, {
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
          cache,
          request,
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
      return exploreJson(ctx, cache, request, formData, {
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
      async (request, reply) => {
        requirePermission(request, 'can_read', 'Chart');
        // A chart the caller may not see answers 404 before anything about it is revealed.
        await visibleChart(ctx, request, request.params.pk);
        const chart = await chartRepository.get(ctx.store, request.params.pk);
        if (!chart) throw notFound('Chart not found');
        let stored: unknown = null;
        try {
          stored = chart.query_context ? JSON.parse(chart.query_context) : null;
        } catch {
          stored = null;
        }
        const parsed = QueryContextSchema.safeParse(stored);
        if (!parsed.success) {
          throw badRequest('Chart has no query context saved. Please save the chart again.');
        }
        const outcome = await chartData(ctx, cache, request, parsed.data, {
          force: truthy(request.query.force),
        });
        return sendJson(reply, outcome.json);
      },
    );

    api.get(
      '/api/v1/chart/data/:cache_key',
      { schema: { params: z.object({ cache_key: z.string() }), tags: ['Charts'] } },
      async (request) => {
        const result = await cachedChartData(ctx, cache, request, request.params.cache_key);
        if (!result) throw notFound('Cached data not found');
        return { result: [result] };
      },
    );
  };
}
