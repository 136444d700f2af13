import { sqllabRoutes as routes } from '@tessera/shared/api/routes/sqllab';
import type { QueryResultsPayload } from '@tessera/shared/api/sqllab';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
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
    const serve = describedRoutes(app, tags);

    serve(routes.execute, async (request, reply) => {
      const answer = await executeSql(ctx, runtime, request.actor, request.body, request.query);
      return reply.status(answer.status).send(answer.body);
    });

    serve(routes.results, async (request, reply) => {
      const answer = await fetchResults(
        ctx,
        request.actor,
        parseQ(routes.results.q, request.query.q),
        wantsArrow(request.headers.accept) ? 'arrow' : 'json',
      );
      if (answer.kind === 'json') return reply.send(answer.body);
      // A Buffer skips the JSON serializer; the 200 schema describes the JSON variant only.
      const bytes = Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
      return reply.headers(answer.headers).send(bytes as unknown as QueryResultsPayload);
    });

    serve(routes.estimate, async (request) =>
      estimateCost(ctx, request.actor, request.body, request.query as UrlParams),
    );

    serve(routes.formatSql, async (request) => formatSql(ctx, request.actor, request.body));

    serve(routes.createPermalink, async (request) =>
      createPermalink(ctx, request.actor, request.body),
    );

    serve(routes.readPermalink, async (request) =>
      readPermalink(ctx, request.actor, request.params.key),
    );
  };
}
