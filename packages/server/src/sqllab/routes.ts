import { sqllabRoutes as routes } from '@tessera/shared/api/routes/sqllab';
import type { QueryResultsPayload } from '@tessera/shared/api/sqllab';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { createPermalink, readPermalink } from './permalink.ts';
import { fetchResults, wantsArrow } from './results.ts';
import type { SqlLabRuntime } from './runtime.ts';
import { executeSql, type UrlParams } from './service.ts';
import { estimateCost, formatSql } from './tools.ts';

const tags = ['SQL Lab'];

/** `/api/v1/sqllab/...`: thin handlers; rules live in service.ts, results.ts, tools.ts. */
export function sqllabRoutes(ctx: AppContext, runtime: SqlLabRuntime): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.execute, tags),
      handler: async (request, reply) => {
        const answer = await executeSql(ctx, runtime, request.actor, request.body, request.query);
        return reply.status(answer.status).send(answer.body);
      },
    });

    r.route({
      ...describedRoute(routes.results, tags),
      handler: async (request, reply) => {
        const answer = await fetchResults(
          ctx,
          request.actor,
          parseQ(routes.results.q, request.query.q),
          wantsArrow(request.headers.accept) ? 'arrow' : 'json',
        );
        if (answer.kind === 'json') return reply.send(answer.body);
        // A Buffer skips the JSON serializer; the 200 schema describes the JSON variant only.
        const bytes = Buffer.from(
          answer.body.buffer,
          answer.body.byteOffset,
          answer.body.byteLength,
        );
        return reply.headers(answer.headers).send(bytes as unknown as QueryResultsPayload);
      },
    });

    r.route({
      ...describedRoute(routes.estimate, tags),
      handler: async (request) =>
        estimateCost(ctx, request.actor, request.body, request.query as UrlParams),
    });

    r.route({
      ...describedRoute(routes.formatSql, tags),
      handler: async (request) => formatSql(ctx, request.actor, request.body),
    });

    r.route({
      ...describedRoute(routes.createPermalink, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await createPermalink(ctx, request.actor, request.body)),
    });

    r.route({
      ...describedRoute(routes.readPermalink, tags),
      handler: async (request) => readPermalink(ctx, request.actor, request.params.key),
    });
  };
}
