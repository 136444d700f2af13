import { z } from 'zod';
import { ItemAnswer, listAnswerSchema, projectedRow, UserRef } from './common.ts';

/**
 * The contract of `/api/v1/chart/` (Superset's ChartRestApi): the save payload, the item and
 * list answers, favourites and the related-user pickers. The server validates with these
 * schemas and the web client imports the same types.
 */

export const CHART_NAME_MAX = 250;
/** Superset's chart list asks for 200 rows at once (spec section 9), more than other lists. */
export const CHART_LIST_MAX_PAGE_SIZE = 200;
export const CHART_LIST_PAGE_SIZE = 200;

export const CHART_FORBIDDEN_MESSAGE = 'You do not have permission to edit this chart';
export const DASHBOARD_FORBIDDEN_MESSAGE = 'You do not have permission to edit this dashboard';
export const CHART_NO_QUERY_CONTEXT_MESSAGE =
  'Chart has no query context saved. Please save the chart again.';
export const CHART_DATASOURCE_NOT_FOUND_MESSAGE = 'Datasource does not exist';
export const CHART_DASHBOARDS_NOT_FOUND_MESSAGE = 'Dashboards do not exist';
export const CHART_OWNERS_INVALID_MESSAGE = 'Owners are invalid';
/** `Deleted 1 chart`, `Deleted 2 charts` (Superset's wording). */
export const deletedChartsMessage = (n: number) => `Deleted ${n} chart${n === 1 ? '' : 's'}`;

/** A JSON document kept as text (params, query_context); empty text is allowed as "none". */
const jsonText = z.string().superRefine((text, ctx) => {
  if (text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `Field cannot be decoded by JSON. ${(error as Error).message}`,
    });
  }
});

const sliceName = z
  .string()
  .trim()
  .min(1, 'Shorter than minimum length 1.')
  .max(CHART_NAME_MAX, `Longer than maximum length ${CHART_NAME_MAX}.`);

/** The datasource types a chart may point at (spec section 3); only `table` is served here. */
export const ChartDatasourceType = z.enum(['table', 'query', 'dataset', 'sl_table', 'saved_query']);

const ids = z.array(z.number().int().positive());

const saveFields = {
  slice_name: sliceName,
  description: z.string().nullable().optional(),
  viz_type: z.string().trim().min(1, 'Shorter than minimum length 1.').max(250),
  owners: ids.optional(),
  params: jsonText.nullable().optional(),
  query_context: jsonText.nullable().optional(),
  query_context_generation: z.boolean().nullable().optional(),
  cache_timeout: z.number().int().min(0).nullable().optional(),
  datasource_id: z.number().int().positive(),
  datasource_type: ChartDatasourceType,
  datasource_name: z.string().nullable().optional(),
  dashboards: ids.optional(),
  certified_by: z.string().nullable().optional(),
  certification_details: z.string().nullable().optional(),
  is_managed_externally: z.boolean().nullable().optional(),
  external_url: z.string().nullable().optional(),
};

/** `POST /api/v1/chart/`: the spec's chart save payload. */
export const ChartCreateBody = z.object(saveFields);
export type ChartCreateBody = z.infer<typeof ChartCreateBody>;

/** `PUT /api/v1/chart/{id}`: the same fields, all optional; `dashboards` replaces the set. */
export const ChartUpdateBody = z.object({
  ...saveFields,
  slice_name: sliceName.optional(),
  viz_type: saveFields.viz_type.optional(),
  datasource_id: saveFields.datasource_id.optional(),
  datasource_type: ChartDatasourceType.optional(),
  /** When the chart the client edited was last changed (epoch seconds): a stale save is refused. */
  last_modified_time: z.number().optional(),
});
export type ChartUpdateBody = z.infer<typeof ChartUpdateBody>;

/** What POST and PUT answer under `result`: the fields as stored. */
export const ChartWriteResult = z.object({
  slice_name: z.string(),
  viz_type: z.string(),
  params: z.string().nullable(),
  query_context: z.string().nullable(),
  description: z.string().nullable(),
  cache_timeout: z.number().nullable(),
  datasource_id: z.number().nullable(),
  datasource_type: z.string().nullable(),
  owners: z.array(z.number()),
  dashboards: z.array(z.number()),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
});
export type ChartWriteResult = z.infer<typeof ChartWriteResult>;

/** A save's answer also says when the chart was changed (epoch seconds), for the next save. */
export const ChartWriteAnswer = ItemAnswer(ChartWriteResult).extend({
  last_modified_time: z.number(),
});
export type ChartWriteAnswer = z.infer<typeof ChartWriteAnswer>;

export const ChartDashboardRef = z.object({
  id: z.number(),
  dashboard_title: z.string(),
  json_metadata: z.string().nullable(),
});

/** `GET /api/v1/chart/{id}`: Superset's show_columns. */
export const ChartItem = z.object({
  id: z.number(),
  uuid: z.string(),
  slice_name: z.string(),
  viz_type: z.string(),
  params: z.string().nullable(),
  query_context: z.string().nullable(),
  description: z.string().nullable(),
  cache_timeout: z.number().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  datasource_id: z.number().nullable(),
  datasource_type: z.string().nullable(),
  owners: z.array(UserRef),
  dashboards: z.array(ChartDashboardRef),
  tags: z.array(z.unknown()),
  changed_on_delta_humanized: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  is_managed_externally: z.boolean(),
});
export type ChartItem = z.infer<typeof ChartItem>;

/** The item answer; `q` (`(columns:!(dashboards.id))`) may keep only some fields. */
export const ChartItemAnswer = z.object({
  id: z.number(),
  // Checked as a projection (nested fields may be cut too), typed as Explore reads it: a field
  // it names in `columns` is there whole.
  result: projectedRow(ChartItem) as unknown as z.ZodType<Partial<ChartItem>>,
});
export type ChartItemAnswer = z.infer<typeof ChartItemAnswer>;

export const ChartShowQuery = z
  .object({
    columns: z.array(z.string()).optional(),
    keys: z.array(z.string()).optional(),
  })
  .strict();

/** One row of `GET /api/v1/chart/` (all list columns; `columns` in `q` picks among them). */
export const ChartListRow = z.object({
  id: z.number(),
  uuid: z.string(),
  slice_name: z.string(),
  url: z.string(),
  viz_type: z.string(),
  params: z.string().nullable(),
  description: z.string().nullable(),
  cache_timeout: z.number().nullable(),
  datasource_id: z.number().nullable(),
  datasource_type: z.string().nullable(),
  datasource_name_text: z.string().nullable(),
  datasource_url: z.string().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  changed_on_delta_humanized: z.string(),
  changed_on_utc: z.string(),
  changed_by: UserRef.nullable(),
  changed_by_name: z.string(),
  created_by: UserRef.nullable(),
  created_on_delta_humanized: z.string(),
  owners: z.array(UserRef),
  dashboards: z.array(z.object({ id: z.number(), dashboard_title: z.string() })),
  last_saved_at: z.string().nullable(),
  last_saved_by: UserRef.nullable(),
  thumbnail_url: z.string(),
  is_managed_externally: z.boolean(),
  tags: z.array(z.unknown()),
});
export type ChartListRow = z.infer<typeof ChartListRow>;

export const ChartListAnswer = listAnswerSchema(projectedRow(ChartListRow));
export type ChartListAnswer = z.infer<typeof ChartListAnswer>;

export const CHART_LIST_COLUMNS = [
  'cache_timeout',
  'certification_details',
  'certified_by',
  'changed_by.first_name',
  'changed_by.id',
  'changed_by.last_name',
  'changed_by_name',
  'changed_on_delta_humanized',
  'changed_on_utc',
  'created_by.first_name',
  'created_by.id',
  'created_by.last_name',
  'created_on_delta_humanized',
  'dashboards.dashboard_title',
  'dashboards.id',
  'datasource_id',
  'datasource_name_text',
  'datasource_type',
  'datasource_url',
  'description',
  'id',
  'is_managed_externally',
  'last_saved_at',
  'last_saved_by.first_name',
  'last_saved_by.id',
  'last_saved_by.last_name',
  'owners.first_name',
  'owners.id',
  'owners.last_name',
  'params',
  'slice_name',
  'tags',
  'thumbnail_url',
  'url',
  'uuid',
  'viz_type',
] as const;

export const CHART_ORDER_COLUMNS = [
  'changed_by.first_name',
  'changed_on_delta_humanized',
  'datasource_id',
  'datasource_name',
  'last_saved_at',
  'last_saved_by.id',
  'slice_name',
  'viz_type',
  'id',
] as const;
export type ChartOrderColumn = (typeof CHART_ORDER_COLUMNS)[number];

/** Filter columns and their operators, as Superset's ChartRestApi allows them. */
export const CHART_FILTERS: Record<string, readonly string[]> = {
  slice_name: ['chart_all_text', 'ct', 'sw', 'ew', 'eq', 'neq'],
  viz_type: ['eq', 'neq', 'ct'],
  datasource_id: ['eq', 'neq'],
  datasource_type: ['eq'],
  owners: ['rel_m_m'],
  dashboards: ['rel_m_m'],
  created_by: ['rel_o_m', 'chart_created_by_me'],
  changed_by: ['rel_o_m'],
  id: ['chart_is_favorite', 'chart_is_certified', 'chart_created_by_me', 'eq', 'neq'],
  description: ['ct'],
};

/** `DELETE /api/v1/chart/?q=!(1,2)`: the ids to delete. */
export const ChartBulkDeleteQuery = z.array(z.number().int().positive()).min(1);

/** `GET /api/v1/chart/favorite_status/?q=!(1,2)`. */
export const FavoriteStatusQuery = z.array(z.number().int().positive());
export const FavoriteStatusAnswer = z.object({
  result: z.array(z.object({ id: z.number(), value: z.boolean() })),
});
export type FavoriteStatusAnswer = z.infer<typeof FavoriteStatusAnswer>;
export const FavoriteAnswer = z.object({ result: z.literal('OK') });

/** `GET /api/v1/chart/related/{owners|created_by|changed_by}?q=(filter:...,page,page_size)`. */
export const RelatedQuery = z
  .object({
    filter: z.string().optional(),
    page: z.number().int().min(0).optional(),
    page_size: z.number().int().min(1).max(100).optional(),
    include_ids: z.array(z.number().int()).optional(),
  })
  .strict();
export type RelatedQuery = z.infer<typeof RelatedQuery>;

export const RelatedAnswer = z.object({
  count: z.number(),
  result: z.array(
    z.object({
      value: z.number(),
      text: z.string(),
      extra: z.object({ email: z.string().optional(), active: z.boolean().optional() }),
    }),
  ),
});
export type RelatedAnswer = z.infer<typeof RelatedAnswer>;

export const CHART_RELATED_FIELDS = ['owners', 'created_by', 'changed_by'] as const;

/** The explore URL of a saved chart, as Superset's `Slice.url`. */
export const chartUrl = (id: number) => `/explore/?slice_id=${id}`;
