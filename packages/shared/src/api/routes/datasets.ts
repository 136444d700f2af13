import { z } from 'zod';
import { IdParam, ListQuery, MessageAnswer } from '../common.ts';
import {
  DatasetCreateAnswer,
  DatasetCreateBody,
  DatasetDuplicateBody,
  DatasetItem,
  DatasetItemAnswer,
  DatasetListAnswer,
  DatasetShowAnswer,
  DatasetShowQuery,
  DatasetUpdateBody,
  DatasetUpdateQuery,
  DistinctAnswer,
  GetOrCreateAnswer,
  GetOrCreateBody,
  RelatedObjectsAnswer,
} from '../datasets.ts';
import { route } from '../route.ts';

const BASE = '/api/v1/dataset';
const IdOrUuid = z.object({
  pk: z.string().regex(/^(\d+|[0-9a-fA-F-]{36})$/, 'Not a valid id or uuid'),
});

/** `/api/v1/dataset/`. */
export const datasetRoutes = {
  list: route({ method: 'GET', path: `${BASE}/`, q: ListQuery, answer: DatasetListAnswer }),
  create: route({
    method: 'POST',
    path: `${BASE}/`,
    body: DatasetCreateBody,
    answer: DatasetCreateAnswer,
    status: 201,
  }),
  bulkDelete: route({
    method: 'DELETE',
    path: `${BASE}/`,
    q: z.array(z.number().int()),
    answer: MessageAnswer,
  }),
  distinct: route({
    method: 'GET',
    path: `${BASE}/distinct/:column`,
    params: z.object({ column: z.string() }),
    answer: DistinctAnswer,
  }),
  duplicate: route({
    method: 'POST',
    path: `${BASE}/duplicate`,
    body: DatasetDuplicateBody,
    answer: DatasetCreateAnswer,
    status: 201,
  }),
  getOrCreate: route({
    method: 'POST',
    path: `${BASE}/get_or_create/`,
    body: GetOrCreateBody,
    answer: GetOrCreateAnswer,
  }),
  /**
   * The server's registration of `GET /{pk}`: `columns` in `q` keeps only those fields (nested
   * ones such as `database.id` too).
   */
  getFields: route({
    method: 'GET',
    path: `${BASE}/:pk`,
    params: IdOrUuid,
    q: DatasetShowQuery,
    answer: DatasetShowAnswer,
  }),
  /** The same read without `q`: the whole item. */
  get: route({ method: 'GET', path: `${BASE}/:pk`, params: IdOrUuid, answer: DatasetItemAnswer }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:pk`,
    params: IdParam,
    query: DatasetUpdateQuery,
    body: DatasetUpdateBody,
    answer: z.object({ id: z.number(), result: DatasetItem }),
  }),
  delete: route({ method: 'DELETE', path: `${BASE}/:pk`, params: IdParam, answer: MessageAnswer }),
  refresh: route({
    method: 'PUT',
    path: `${BASE}/:pk/refresh`,
    params: IdParam,
    answer: MessageAnswer,
  }),
  relatedObjects: route({
    method: 'GET',
    path: `${BASE}/:pk/related_objects`,
    params: IdOrUuid,
    answer: RelatedObjectsAnswer,
  }),
  deleteColumn: route({
    method: 'DELETE',
    path: `${BASE}/:pk/column/:column_id`,
    params: IdParam.extend({ column_id: z.coerce.number().int().positive() }),
    answer: MessageAnswer,
  }),
  deleteMetric: route({
    method: 'DELETE',
    path: `${BASE}/:pk/metric/:metric_id`,
    params: IdParam.extend({ metric_id: z.coerce.number().int().positive() }),
    answer: MessageAnswer,
  }),
} as const;

const TypeAndId = z.object({
  datasource_type: z.string().min(1),
  datasource_id: z.coerce.number().int().positive(),
});

const DatasourceKeyQuery = z.object({ datasourceKey: z.string().optional() });

/** Superset's datasource reads, by type and id. */
export const datasourceRoutes = {
  /** The explore JSON of a datasource (see DatasourceJson). */
  get: route({
    method: 'GET',
    path: '/datasource/get/:datasource_type/:datasource_id/',
    params: TypeAndId,
    answer: z.record(z.string(), z.unknown()),
  }),
  /** Distinct values of a column, for filter suggestions. */
  columnValues: route({
    method: 'GET',
    path: '/api/v1/datasource/:datasource_type/:datasource_id/column/:column_name/values/',
    params: TypeAndId.extend({ column_name: z.string().min(1) }),
    answer: z.object({ result: z.array(z.unknown()) }),
  }),
  /** The explore JSON of `datasourceKey` (`{id}__{type}`), as Superset's own clients read it. */
  fetchMetadata: route({
    method: 'GET',
    path: '/api/v1/fetch_datasource_metadata',
    query: DatasourceKeyQuery,
    answer: z.record(z.string(), z.unknown()),
  }),
  /** The same under Superset's legacy `/superset/` prefix. */
  fetchMetadataLegacy: route({
    method: 'GET',
    path: '/superset/fetch_datasource_metadata',
    query: DatasourceKeyQuery,
    answer: z.record(z.string(), z.unknown()),
  }),
} as const;
