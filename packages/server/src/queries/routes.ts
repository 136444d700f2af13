import { IdParam, ListQuery } from '@tessera/shared/api/common';
import {
  QueryItemAnswer,
  QueryListAnswer,
  StopAnswer,
  StopBody,
  UpdatedSinceAnswer,
  UpdatedSinceQuery,
} from '@tessera/shared/api/sqllab';
import { TesseraError } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import { getQuery, type LocalRuns, listQueries, stopQuery, updatedSince } from './service.ts';

const BASE = '/api/v1/query';
const tags = ['Queries'];
const QParam = z.object({ q: z.string().optional() });

/** `/api/v1/query/`: SQL Lab's query history, polling and stop (of `runs` held here, at once). */
export function queryRoutes(ctx: AppContext, runs: LocalRuns): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: QueryListAnswer } } },
      async (request) => listQueries(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );

    r.get(
      `${BASE}/updated_since`,
      { schema: { tags, querystring: QParam, response: { 200: UpdatedSinceAnswer } } },
      async (request) => {
        if (!request.query.q) return reply400();
        return updatedSince(
          ctx,
          request.actor,
          parseQ(UpdatedSinceQuery, request.query.q).last_updated_ms,
        );
      },
    );

    r.post(
      `${BASE}/stop`,
      { schema: { tags, body: StopBody, response: { 200: StopAnswer } } },
      async (request) => stopQuery(ctx, runs, request.actor, request.body.client_id),
    );

    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: QueryItemAnswer } } },
      async (request) => getQuery(ctx, request.actor, request.params.pk),
    );
  };
}

function reply400(): never {
  throw new TesseraError(400, 'Not a valid rison schema: q: last_updated_ms is required');
}
