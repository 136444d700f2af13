import {
  CHART_RELATED_FIELDS,
  ChartBulkDeleteQuery,
  ChartCreateBody,
  ChartItemAnswer,
  ChartListAnswer,
  ChartShowQuery,
  ChartUpdateBody,
  ChartWriteAnswer,
  FavoriteAnswer,
  FavoriteStatusAnswer,
  FavoriteStatusQuery,
  RelatedAnswer,
  RelatedQuery,
} from '@tessera/shared/api/charts';
import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { pickFields } from '../datasets/present.ts';
import { parseQ } from '../platform/http.ts';
import { preconditionOf } from './conflict.ts';
import { listCharts } from './list.ts';
import {
  addFavorite,
  createChart,
  deleteChart,
  deleteCharts,
  favoriteStatus,
  getChart,
  relatedUsers,
  removeFavorite,
  updateChart,
} from './service.ts';

const BASE = '/api/v1/chart';
const tags = ['Charts'];
const QParam = z.object({ q: z.string().optional() });
/** `last_modified_time`: when the chart the client edited was last changed (epoch seconds). */
const ChartSaveBody = ChartUpdateBody.extend({ last_modified_time: z.number().optional() });
/** A save's answer also says when the chart was changed, for the client's next save. */
const ChartSaveAnswer = ChartWriteAnswer.extend({ last_modified_time: z.number() });

/** `/api/v1/chart/` (but `/data`, which charts-data serves): thin handlers over service.ts. */
export function chartRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: ChartListAnswer } } },
      async (request) => listCharts(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );

    r.post(
      `${BASE}/`,
      { schema: { tags, body: ChartCreateBody, response: { 201: ChartSaveAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createChart(ctx, request.actor, request.body)),
    );

    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) => {
        if (!request.query.q)
          throw badRequest('Not a valid rison argument: list the ids to delete');
        return deleteCharts(ctx, request.actor, parseQ(ChartBulkDeleteQuery, request.query.q));
      },
    );

    r.get(
      `${BASE}/favorite_status/`,
      { schema: { tags, querystring: QParam, response: { 200: FavoriteStatusAnswer } } },
      async (request) =>
        favoriteStatus(ctx, request.actor, parseQ(FavoriteStatusQuery, request.query.q ?? '!()')),
    );

    r.get(
      `${BASE}/related/:column`,
      {
        schema: {
          tags,
          params: z.object({ column: z.enum(CHART_RELATED_FIELDS) }),
          querystring: QParam,
          response: { 200: RelatedAnswer },
        },
      },
      async (request) => relatedUsers(ctx, request.actor, parseQ(RelatedQuery, request.query.q)),
    );

    r.get(
      `${BASE}/:pk`,
      {
        schema: { tags, params: IdParam, querystring: QParam, response: { 200: ChartItemAnswer } },
      },
      async (request) => {
        const q = parseQ(ChartShowQuery, request.query.q);
        const item = await getChart(ctx, request.actor, request.params.pk);
        const full = item as unknown as Record<string, unknown>;
        const result = q.columns && q.columns.length > 0 ? pickFields(full, q.columns) : full;
        return { id: item.id, result };
      },
    );

    r.put(
      `${BASE}/:pk`,
      {
        schema: {
          tags,
          params: IdParam,
          body: ChartSaveBody,
          response: { 200: ChartSaveAnswer },
        },
      },
      async (request) => {
        const { last_modified_time, ...body } = request.body;
        const precondition = preconditionOf(
          last_modified_time,
          request.headers['if-unmodified-since'],
        );
        return updateChart(ctx, request.actor, request.params.pk, body, precondition);
      },
    );

    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteChart(ctx, request.actor, request.params.pk),
    );

    r.post(
      `${BASE}/:pk/favorites/`,
      { schema: { tags, params: IdParam, response: { 200: FavoriteAnswer } } },
      async (request) => addFavorite(ctx, request.actor, request.params.pk),
    );

    r.delete(
      `${BASE}/:pk/favorites/`,
      { schema: { tags, params: IdParam, response: { 200: FavoriteAnswer } } },
      async (request) => removeFavorite(ctx, request.actor, request.params.pk),
    );
  };
}
