import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import {
  SavedQueryBulkDeleteQuery,
  SavedQueryCreateBody,
  SavedQueryItemAnswer,
  SavedQueryListAnswer,
  SavedQueryUpdateBody,
  SavedQueryWriteAnswer,
} from '@tessera/shared/api/savedQueries';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import {
  createSavedQuery,
  deleteSavedQueries,
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  updateSavedQuery,
} from './service.ts';

const BASE = '/api/v1/saved_query';
const tags = ['Queries'];
const QParam = z.object({ q: z.string().optional() });

/** `/api/v1/saved_query/`: thin handlers; rules live in service.ts. */
export function savedQueryRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: SavedQueryListAnswer } } },
      async (request) => listSavedQueries(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );

    r.post(
      `${BASE}/`,
      { schema: { tags, body: SavedQueryCreateBody, response: { 201: SavedQueryWriteAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createSavedQuery(ctx, request.actor, request.body)),
    );

    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) => {
        if (!request.query.q)
          throw badRequest('Not a valid rison argument: list the ids to delete');
        return deleteSavedQueries(
          ctx,
          request.actor,
          parseQ(SavedQueryBulkDeleteQuery, request.query.q),
        );
      },
    );

    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: SavedQueryItemAnswer } } },
      async (request) => getSavedQuery(ctx, request.actor, request.params.pk),
    );

    r.put(
      `${BASE}/:pk`,
      {
        schema: {
          tags,
          params: IdParam,
          body: SavedQueryUpdateBody,
          response: { 200: SavedQueryWriteAnswer },
        },
      },
      async (request) => updateSavedQuery(ctx, request.actor, request.params.pk, request.body),
    );

    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteSavedQuery(ctx, request.actor, request.params.pk),
    );
  };
}
