import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import {
  RlsCreateBody,
  RlsItemAnswer,
  RlsListAnswer,
  RlsUpdateBody,
  RlsWriteAnswer,
} from '@tessera/shared/api/rls';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import { createRule, deleteRules, getRule, listRules, updateRule } from './service.ts';

const QParam = z.object({ q: z.string().optional() });
const BASE = '/api/v1/rowlevelsecurity';
const tags = ['Row Level Security'];

/** `/api/v1/rowlevelsecurity/`: thin handlers over service.ts. */
export function rlsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: RlsListAnswer } } },
      async (request) => listRules(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );

    r.post(
      `${BASE}/`,
      { schema: { tags, body: RlsCreateBody, response: { 201: RlsWriteAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createRule(ctx, request.actor, request.body)),
    );

    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) => {
        const ids = request.query.q ? parseQ(z.array(z.number().int()), request.query.q) : [];
        return deleteRules(ctx, request.actor, ids, true);
      },
    );

    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: RlsItemAnswer } } },
      async (request) => getRule(ctx, request.actor, request.params.pk),
    );

    r.put(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, body: RlsUpdateBody, response: { 200: RlsWriteAnswer } } },
      async (request) => updateRule(ctx, request.actor, request.params.pk, request.body),
    );

    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteRules(ctx, request.actor, [request.params.pk], false),
    );
  };
}
