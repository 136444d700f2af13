import {
  AsyncExecuteAnswer,
  EstimateAnswer,
  EstimateBody,
  ExecuteBody,
  FormatSqlAnswer,
  FormatSqlBody,
  PermalinkBody,
  PermalinkCreatedAnswer,
  PermalinkValue,
  QueryResultsPayload,
  ResultsQuery,
} from '@tessera/shared/api/sqllab';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import { createPermalink, readPermalink } from './permalink.ts';
import { fetchResults, wantsArrow } from './results.ts';
import type { SqlLabRuntime } from './runtime.ts';
import { executeSql, type UrlParams } from './service.ts';
import { estimateCost, formatSql } from './tools.ts';

const BASE = '/api/v1/sqllab';
const tags = ['SQL Lab'];

/** `/api/v1/sqllab/...`: thin handlers; rules live in service.ts, results.ts, tools.ts. */
export function sqllabRoutes(ctx: AppContext, runtime: SqlLabRuntime): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      `${BASE}/execute/`,
      {
        schema: {
          tags,
          body: ExecuteBody,
          response: { 200: QueryResultsPayload, 202: AsyncExecuteAnswer },
        },
      },
      async (request, reply) => {
        const answer = await executeSql(
          ctx,
          runtime,
          request.actor,
          request.body,
          request.query as UrlParams,
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    r.get(
      `${BASE}/results/`,
      {
        schema: {
          tags,
          querystring: z.object({ q: z.string().optional() }).passthrough(),
          response: { 200: QueryResultsPayload },
        },
      },
      async (request, reply) => {
        const answer = await fetchResults(
          ctx,
          request.actor,
          parseQ(ResultsQuery, request.query.q),
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
    );

    r.post(
      `${BASE}/estimate/`,
      { schema: { tags, body: EstimateBody, response: { 200: EstimateAnswer } } },
      async (request) => estimateCost(ctx, request.actor, request.body, request.query as UrlParams),
    );

    r.post(
      `${BASE}/format_sql/`,
      { schema: { tags, body: FormatSqlBody, response: { 200: FormatSqlAnswer } } },
      async (request) => formatSql(ctx, request.actor, request.body),
    );

    r.post(
      `${BASE}/permalink`,
      { schema: { tags, body: PermalinkBody, response: { 201: PermalinkCreatedAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createPermalink(ctx, request.actor, request.body)),
    );

    r.get(
      `${BASE}/permalink/:key`,
      {
        schema: { tags, params: z.object({ key: z.string() }), response: { 200: PermalinkValue } },
      },
      async (request) => readPermalink(ctx, request.actor, request.params.key),
    );
  };
}
