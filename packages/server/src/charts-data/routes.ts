import { QueryContext } from '@tessera/shared/api/chartData';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { type Cache, createCache } from '../platform/cache/index.ts';
import { requirePermission } from '../security/currentUser.ts';
import { toCsv, toXlsx } from './answer.ts';
import { cachedChartData, chartData } from './service.ts';

const ChartDataQueryString = z.looseObject({
  form_data: z.string().optional(),
  dashboard_id: z.string().optional(),
  force: z.string().optional(),
});

const truthy = (value: string | undefined) =>
  value !== undefined && ['true', '1', 'yes'].includes(value.toLowerCase());

/** Reads `form_data` from the query string: JSON carrying `slice_id` (and more). */
function parseFormData(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest('form_data is not valid JSON');
}

/** `POST /api/v1/chart/data` and `GET /api/v1/chart/data/{cache_key}`. */
export function chartDataRoutes(
  ctx: AppContext,
  cache: Cache = createCache(ctx.config),
): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('onClose', async () => {
      await cache.close();
    });

    api.post(
      '/api/v1/chart/data',
      { schema: { body: QueryContext, querystring: ChartDataQueryString, tags: ['Charts'] } },
      async (request, reply) => {
        parseFormData(request.query.form_data);
        const body = request.body;
        if (body.result_format === 'csv' || body.result_format === 'xlsx') {
          requirePermission(request, 'can_csv', 'Superset');
        }
        const outcome = await chartData(ctx, cache, request, body, {
          force: truthy(request.query.force),
        });
        if (outcome.format === 'json') return reply.send({ result: outcome.results });
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
