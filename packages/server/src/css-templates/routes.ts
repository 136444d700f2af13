import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import {
  CssTemplateBody,
  CssTemplateItemAnswer,
  CssTemplateListAnswer,
  CssTemplateUpdateBody,
  CssTemplateWriteAnswer,
  IdsQuery,
} from '@tessera/shared/api/dashboards';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import {
  createCssTemplate,
  deleteCssTemplates,
  getCssTemplate,
  listCssTemplates,
  updateCssTemplate,
} from './service.ts';

const BASE = '/api/v1/css_template';
const tags = ['CSS Templates'];
const QParam = z.object({ q: z.string().optional() });

/** `/api/v1/css_template/`: thin handlers; rules live in service.ts. */
export function cssTemplateRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: CssTemplateListAnswer } } },
      async (request) => listCssTemplates(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );
    r.post(
      `${BASE}/`,
      { schema: { tags, body: CssTemplateBody, response: { 201: CssTemplateWriteAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createCssTemplate(ctx, request.actor, request.body)),
    );
    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) => {
        if (!request.query.q)
          throw badRequest('Not a valid rison argument: list the ids to delete');
        return deleteCssTemplates(ctx, request.actor, parseQ(IdsQuery, request.query.q));
      },
    );
    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: CssTemplateItemAnswer } } },
      async (request) => getCssTemplate(ctx, request.actor, request.params.pk),
    );
    r.put(
      `${BASE}/:pk`,
      {
        schema: {
          tags,
          params: IdParam,
          body: CssTemplateUpdateBody,
          response: { 200: CssTemplateWriteAnswer },
        },
      },
      async (request) => updateCssTemplate(ctx, request.actor, request.params.pk, request.body),
    );
    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteCssTemplates(ctx, request.actor, [request.params.pk]),
    );
  };
}
