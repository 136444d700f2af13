import { z } from 'zod';
import {
  ChartDataAnswer,
  ChartDataBatchAnswer,
  ChartDataBatchBody,
  ChartDataQueryString,
  QueryContext,
  SamplesAnswer,
  SamplesBody,
  SamplesQuery,
} from '../chartData.ts';
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
} from '../charts.ts';
import { IdParam, ListQuery, MessageAnswer } from '../common.ts';
import { route } from '../route.ts';

const BASE = '/api/v1/chart';

/** `/api/v1/chart/` and the chart-data reads. */
export const chartRoutes = {
  list: route({ method: 'GET', path: `${BASE}/`, q: ListQuery, answer: ChartListAnswer }),
  create: route({
    method: 'POST',
    path: `${BASE}/`,
    body: ChartCreateBody,
    answer: ChartWriteAnswer,
    status: 201,
  }),
  bulkDelete: route({
    method: 'DELETE',
    path: `${BASE}/`,
    q: ChartBulkDeleteQuery,
    answer: MessageAnswer,
  }),
  favoriteStatus: route({
    method: 'GET',
    path: `${BASE}/favorite_status/`,
    q: FavoriteStatusQuery,
    answer: FavoriteStatusAnswer,
  }),
  related: route({
    method: 'GET',
    path: `${BASE}/related/:column`,
    params: z.object({ column: z.enum(CHART_RELATED_FIELDS) }),
    q: RelatedQuery,
    answer: RelatedAnswer,
  }),
  /** `columns` in `q` keeps only those fields of `result`. */
  get: route({
    method: 'GET',
    path: `${BASE}/:pk`,
    params: IdParam,
    q: ChartShowQuery,
    answer: ChartItemAnswer,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:pk`,
    params: IdParam,
    body: ChartUpdateBody,
    answer: ChartWriteAnswer,
  }),
  delete: route({ method: 'DELETE', path: `${BASE}/:pk`, params: IdParam, answer: MessageAnswer }),
  addFavorite: route({
    method: 'POST',
    path: `${BASE}/:pk/favorites/`,
    params: IdParam,
    answer: FavoriteAnswer,
  }),
  removeFavorite: route({
    method: 'DELETE',
    path: `${BASE}/:pk/favorites/`,
    params: IdParam,
    answer: FavoriteAnswer,
  }),
} as const;

const ExploreJsonQuery = z.looseObject({
  form_data: z.string().optional(),
  force: z.string().optional(),
});
const ExploreJsonBody = z.looseObject({ form_data: z.unknown().optional() }).nullish();

/** The chart-data endpoints (served by the server's charts-data feature). */
export const chartDataRoutes = {
  /** JSON answers; a `result_format` of csv or xlsx answers a file (`callBinary`). */
  data: route({
    method: 'POST',
    path: `${BASE}/data`,
    query: ChartDataQueryString,
    body: QueryContext,
    answer: ChartDataAnswer,
    readsOnly: true,
  }),
  batch: route({
    method: 'POST',
    path: `${BASE}/data/batch`,
    query: ChartDataQueryString,
    body: ChartDataBatchBody,
    answer: ChartDataBatchAnswer,
    readsOnly: true,
  }),
  /** A saved chart's data by its stored query context. */
  savedChartData: route({
    method: 'GET',
    path: `${BASE}/:pk/data/`,
    params: z.object({ pk: z.coerce.number().int() }),
    query: ChartDataQueryString,
    answer: ChartDataAnswer,
  }),
  samples: route({
    method: 'POST',
    path: '/datasource/samples',
    query: SamplesQuery,
    body: SamplesBody,
    answer: SamplesAnswer,
  }),
  /** A result kept by its cache key (`result_url` of an asynchronous chart query). */
  cachedData: route({
    method: 'GET',
    path: `${BASE}/data/:cache_key`,
    params: z.object({ cache_key: z.string().min(1).max(200) }),
    answer: z.object({ result: z.array(z.record(z.string(), z.unknown())) }),
  }),
  /** Superset's legacy explore_json: form data in the body (or `form_data` in the query). */
  exploreJson: route({
    method: 'POST',
    path: '/superset/explore_json/',
    query: ExploreJsonQuery,
    body: ExploreJsonBody,
    answer: z.record(z.string(), z.unknown()),
  }),
  exploreJsonFor: route({
    method: 'POST',
    path: '/superset/explore_json/:datasource_type/:datasource_id/',
    params: z.object({ datasource_type: z.string().max(64), datasource_id: z.string().max(64) }),
    query: ExploreJsonQuery,
    body: ExploreJsonBody,
    answer: z.record(z.string(), z.unknown()),
  }),
} as const;
