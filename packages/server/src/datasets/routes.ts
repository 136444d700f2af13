import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import {
  DatasetCreateBody,
  DatasetDuplicateBody,
  DatasetItem,
  DatasetListAnswer,
  DatasetShowQuery,
  DatasetUpdateBody,
  DatasetUpdateQuery,
  DistinctAnswer,
  GetOrCreateAnswer,
  GetOrCreateBody,
  RelatedObjectsAnswer,
} from '@tessera/shared/api/datasets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import { distinctValues, listDatasets } from './list.ts';
import { showDataset } from './read.ts';
import {
  bulkDeleteDatasets,
  createDataset,
  deleteColumn,
  deleteDataset,
  deleteMetric,
  duplicateDataset,
  getOrCreateDataset,
  refreshDataset,
  relatedObjects,
  updateDataset,
} from './service.ts';

const QParam = z.object({ q: z.string().optional() });
const IdOrUuidParam = z.object({
  pk: z.string().regex(/^(\d+|[0-9a-fA-F-]{36})$/, 'Not a valid id or uuid'),
});
const BulkIds = z.array(z.number().int());
const BASE = '/api/v1/dataset';
const tags = ['Datasets'];
const Loose = z.record(z.string(), z.unknown());

/** `/api/v1/dataset/`: thin handlers; the rules live in service.ts, list.ts and read.ts. */
export function datasetRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: DatasetListAnswer } } },
      async (request) => listDatasets(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );

    r.post(
      `${BASE}/`,
      { schema: { tags, body: DatasetCreateBody, response: { 201: Loose } } },
      async (request, reply) =>
        reply.status(201).send(await createDataset(ctx, request.actor, request.body)),
    );

    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) => {
        const ids = request.query.q ? parseQ(BulkIds, request.query.q) : [];
        return bulkDeleteDatasets(ctx, request.actor, ids);
      },
    );

    r.get(
      `${BASE}/distinct/:column`,
      {
        schema: {
          tags,
          params: z.object({ column: z.string() }),
          querystring: QParam,
          response: { 200: DistinctAnswer },
        },
      },
      async (request) => distinctValues(ctx, request.actor, request.params.column),
    );

    r.post(
      `${BASE}/duplicate`,
      { schema: { tags, body: DatasetDuplicateBody, response: { 201: Loose } } },
      async (request, reply) =>
        reply.status(201).send(await duplicateDataset(ctx, request.actor, request.body)),
    );

    r.post(
      `${BASE}/get_or_create/`,
      { schema: { tags, body: GetOrCreateBody, response: { 200: GetOrCreateAnswer } } },
      async (request) => getOrCreateDataset(ctx, request.actor, request.body),
    );

    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdOrUuidParam, querystring: QParam, response: { 200: Loose } } },
      async (request) =>
        showDataset(
          ctx,
          request.actor,
          request.params.pk,
          parseQ(DatasetShowQuery, request.query.q),
        ),
    );

    r.put(
      `${BASE}/:pk`,
      {
        schema: {
          tags,
          params: IdParam,
          querystring: DatasetUpdateQuery,
          body: DatasetUpdateBody,
          response: { 200: z.object({ id: z.number(), result: DatasetItem }) },
        },
      },
      async (request) => {
        const override = ['true', '1'].includes(request.query.override_columns ?? '');
        return updateDataset(ctx, request.actor, request.params.pk, request.body, override);
      },
    );

    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteDataset(ctx, request.actor, request.params.pk),
    );

    r.put(
      `${BASE}/:pk/refresh`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => refreshDataset(ctx, request.actor, request.params.pk),
    );

    r.get(
      `${BASE}/:pk/related_objects`,
      { schema: { tags, params: IdOrUuidParam, response: { 200: RelatedObjectsAnswer } } },
      async (request) => relatedObjects(ctx, request.actor, request.params.pk),
    );

    r.delete(
      `${BASE}/:pk/column/:column_id`,
      {
        schema: {
          tags,
          params: IdParam.extend({ column_id: z.coerce.number().int().positive() }),
          response: { 200: MessageAnswer },
        },
      },
      async (request) =>
        deleteColumn(ctx, request.actor, request.params.pk, request.params.column_id),
    );

    r.delete(
      `${BASE}/:pk/metric/:metric_id`,
      {
        schema: {
          tags,
          params: IdParam.extend({ metric_id: z.coerce.number().int().positive() }),
          response: { 200: MessageAnswer },
        },
      },
      async (request) =>
        deleteMetric(ctx, request.actor, request.params.pk, request.params.metric_id),
    );
  };
}
