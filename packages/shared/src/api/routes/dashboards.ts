import { z } from 'zod';
import { FiltersChange } from '../../dashboard/nativeFilters.ts';
import { IdParam, ListQuery, MessageAnswer } from '../common.ts';
import {
  CssTemplateBody,
  CssTemplateItemAnswer,
  CssTemplateListAnswer,
  CssTemplateUpdateBody,
  CssTemplateWriteAnswer,
  DashboardChartsAnswer,
  DashboardColorsBody,
  DashboardColorsQuery,
  DashboardCopyAnswer,
  DashboardCopyBody,
  DashboardCreateBody,
  DashboardDatasetsAnswer,
  DashboardItemAnswer,
  DashboardListAnswer,
  DashboardPermalinkAnswer,
  DashboardPermalinkState,
  DashboardPermalinkValue,
  DashboardUpdateBody,
  DashboardWriteAnswer,
  FavoriteAnswer,
  FavoriteStatusAnswer,
  IdsQuery,
  RelatedAnswer,
  RelatedQuery,
} from '../dashboards.ts';
import { crudRoutes, route } from '../route.ts';

const BASE = '/api/v1/dashboard';
const IdOrSlug = z.object({ id_or_slug: z.string().min(1).max(255) });
const KeyParam = z.object({ key: z.string().min(1).max(64) });
const FilterStateParams = IdParam.extend({ key: z.string().min(1).max(64) });
const TabQuery = z.object({ tab_id: z.string().max(64).optional() });
/** A filter state: JSON text (the data mask), as Superset's TemporaryCache schema takes it. */
const FilterStateBody = z.strictObject({ value: z.string() });
const KeyAnswer = z.object({ key: z.string() });

/** `/api/v1/dashboard/`. The ZIP import is multipart and stays outside the JSON client. */
export const dashboardRoutes = {
  list: route({ method: 'GET', path: `${BASE}/`, q: ListQuery, answer: DashboardListAnswer }),
  create: route({
    method: 'POST',
    path: `${BASE}/`,
    body: DashboardCreateBody,
    answer: DashboardWriteAnswer,
    status: 201,
  }),
  bulkDelete: route({ method: 'DELETE', path: `${BASE}/`, q: IdsQuery, answer: MessageAnswer }),
  favoriteStatus: route({
    method: 'GET',
    path: `${BASE}/favorite_status/`,
    q: IdsQuery,
    answer: FavoriteStatusAnswer,
  }),
  /** A ZIP of the dashboards and everything they use. */
  export: route({
    method: 'GET',
    path: `${BASE}/export/`,
    q: IdsQuery,
    answer: z.unknown(),
    binary: true,
  }),
  /**
   * A bundle ZIP as multipart: field `formData`, with `overwrite` ("true") and `passwords` (JSON
   * of database file name to password). The handler reads the multipart body itself.
   */
  import: route({
    method: 'POST',
    path: `${BASE}/import/`,
    answer: MessageAnswer,
    bodyReadByHandler: true,
  }),
  related: route({
    method: 'GET',
    path: `${BASE}/related/:column`,
    params: z.object({ column: z.enum(['owners', 'roles', 'created_by', 'changed_by']) }),
    q: RelatedQuery,
    answer: RelatedAnswer,
  }),
  readPermalink: route({
    method: 'GET',
    path: `${BASE}/permalink/:key`,
    params: KeyParam,
    answer: DashboardPermalinkValue,
  }),
  get: route({
    method: 'GET',
    path: `${BASE}/:id_or_slug`,
    params: IdOrSlug,
    answer: DashboardItemAnswer,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:pk`,
    params: IdParam,
    body: DashboardUpdateBody,
    answer: DashboardWriteAnswer,
  }),
  delete: route({ method: 'DELETE', path: `${BASE}/:pk`, params: IdParam, answer: MessageAnswer }),
  charts: route({
    method: 'GET',
    path: `${BASE}/:id_or_slug/charts`,
    params: IdOrSlug,
    answer: DashboardChartsAnswer,
  }),
  datasets: route({
    method: 'GET',
    path: `${BASE}/:id_or_slug/datasets`,
    params: IdOrSlug,
    answer: DashboardDatasetsAnswer,
  }),
  copy: route({
    method: 'POST',
    path: `${BASE}/:id_or_slug/copy/`,
    params: IdOrSlug,
    body: DashboardCopyBody,
    answer: DashboardCopyAnswer,
  }),
  colors: route({
    method: 'PUT',
    path: `${BASE}/:pk/colors`,
    params: IdParam,
    query: DashboardColorsQuery,
    body: DashboardColorsBody,
    answer: DashboardWriteAnswer,
  }),
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
  /** The config modal's changes to the native filters; answers the stored configuration. */
  updateFilters: route({
    method: 'PUT',
    path: `${BASE}/:pk/filters`,
    params: IdParam,
    body: FiltersChange,
    answer: z.object({ result: z.array(z.record(z.string(), z.unknown())) }),
  }),
  createFilterState: route({
    method: 'POST',
    path: `${BASE}/:pk/filter_state`,
    params: IdParam,
    query: TabQuery,
    body: FilterStateBody,
    answer: KeyAnswer,
    status: 201,
  }),
  readFilterState: route({
    method: 'GET',
    path: `${BASE}/:pk/filter_state/:key`,
    params: FilterStateParams,
    answer: z.object({ value: z.string() }),
  }),
  updateFilterState: route({
    method: 'PUT',
    path: `${BASE}/:pk/filter_state/:key`,
    params: FilterStateParams,
    query: TabQuery,
    body: FilterStateBody,
    answer: KeyAnswer,
  }),
  deleteFilterState: route({
    method: 'DELETE',
    path: `${BASE}/:pk/filter_state/:key`,
    params: FilterStateParams,
    answer: MessageAnswer,
  }),
  createPermalink: route({
    method: 'POST',
    path: `${BASE}/:id_or_slug/permalink`,
    params: IdOrSlug,
    body: DashboardPermalinkState,
    answer: DashboardPermalinkAnswer,
    status: 201,
  }),
} as const;

/** `/api/v1/css_template/`. */
export const cssTemplateRoutes = crudRoutes('/api/v1/css_template', {
  list: CssTemplateListAnswer,
  item: CssTemplateItemAnswer,
  create: CssTemplateBody,
  update: CssTemplateUpdateBody,
  written: CssTemplateWriteAnswer,
  ids: IdsQuery,
});
