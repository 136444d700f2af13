import { z } from 'zod';
import { checkJsonMetadataText } from '../dashboard/metadata.ts';
import { checkPositionJson } from '../dashboard/position.ts';
import { ItemAnswer, listAnswerSchema, projectedRow, UserRef } from './common.ts';

/**
 * The contract of `/api/v1/dashboard/` and `/api/v1/css_template/` (Superset's DashboardRestApi
 * and CssTemplateRestApi). position_json and json_metadata travel as JSON text, as in Superset;
 * their shapes and migrations live in `../dashboard/`.
 */

export const SLUG_EXISTS_MESSAGE = 'Must be unique';
export const DASHBOARD_NOT_FOUND_MESSAGE = 'Not found';
export const OWNERS_INVALID_MESSAGE = 'Owners are invalid';
export const ROLES_INVALID_MESSAGE = 'Some roles do not exist';

const text = (max?: number) =>
  max ? z.string().max(max, `Longer than maximum length ${max}.`) : z.string();

/** json_metadata text: JSON, an object, and every known field of the right type. */
export const JsonMetadataText = z.string().superRefine((value, ctx) => {
  const check = checkJsonMetadataText(value);
  if (!check.ok) for (const message of check.errors) ctx.addIssue({ code: 'custom', message });
});

/** position_json text: JSON, components of known types, ids within the maximum. */
export const PositionJsonText = z.string().superRefine((value, ctx) => {
  if (value.trim() === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `Field cannot be decoded by JSON. ${(error as Error).message}`,
    });
    return;
  }
  const check = checkPositionJson(parsed);
  if (!check.ok) for (const message of check.errors) ctx.addIssue({ code: 'custom', message });
});

/** An empty slug means none; the server stores it as null. */
const slug = z.string().max(255, 'Longer than maximum length 255.').nullable().optional();

const fields = {
  dashboard_title: text(500).nullable().optional(),
  slug,
  owners: z.array(z.number().int().positive()).optional(),
  roles: z.array(z.number().int().positive()).optional(),
  position_json: PositionJsonText.nullable().optional(),
  css: text().nullable().optional(),
  json_metadata: JsonMetadataText.nullable().optional(),
  published: z.boolean().nullable().optional(),
  certified_by: text().nullable().optional(),
  certification_details: text().nullable().optional(),
  is_managed_externally: z.boolean().nullable().optional(),
  external_url: text().nullable().optional(),
};

export const DashboardCreateBody = z.strictObject(fields);
export type DashboardCreateBody = z.infer<typeof DashboardCreateBody>;

/** A PUT: `{published}` alone, only json_metadata, or the full set of fields. */
export const DashboardUpdateBody = z.strictObject(fields);
export type DashboardUpdateBody = z.infer<typeof DashboardUpdateBody>;

export const DashboardWriteAnswer = z.object({
  id: z.number(),
  result: z.record(z.string(), z.unknown()),
  /** Epoch seconds of the saved changed_on (the client's confirm-diff compares it). */
  last_modified_time: z.number().optional(),
});
export type DashboardWriteAnswer = z.infer<typeof DashboardWriteAnswer>;

const Tag = z.object({ id: z.number(), name: z.string(), type: z.union([z.string(), z.number()]) });
const RoleRef = z.object({ id: z.number(), name: z.string() });

export const DashboardItem = z.object({
  id: z.number(),
  uuid: z.string(),
  slug: z.string().nullable(),
  url: z.string(),
  dashboard_title: z.string(),
  thumbnail_url: z.string().nullable(),
  published: z.boolean(),
  css: z.string().nullable(),
  json_metadata: z.string().nullable(),
  position_json: z.string().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  description: z.string().nullable(),
  changed_on: z.string(),
  changed_on_humanized: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_by: UserRef.nullable(),
  changed_by_name: z.string(),
  created_on_delta_humanized: z.string(),
  created_by: UserRef.nullable(),
  charts: z.array(z.string()),
  owners: z.array(UserRef),
  roles: z.array(RoleRef),
  tags: z.array(Tag),
  is_managed_externally: z.boolean(),
  external_url: z.string().nullable(),
});
export type DashboardItem = z.infer<typeof DashboardItem>;
export const DashboardItemAnswer = ItemAnswer(DashboardItem);

export const DashboardListRow = z.object({
  id: z.number(),
  uuid: z.string(),
  dashboard_title: z.string(),
  slug: z.string().nullable(),
  url: z.string(),
  published: z.boolean(),
  status: z.enum(['published', 'draft']),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  changed_by: UserRef.nullable(),
  changed_by_name: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_on_utc: z.string(),
  created_by: UserRef.nullable(),
  created_on_delta_humanized: z.string(),
  owners: z.array(UserRef),
  roles: z.array(RoleRef),
  tags: z.array(Tag),
  thumbnail_url: z.string().nullable(),
  is_managed_externally: z.boolean(),
});
export type DashboardListRow = z.infer<typeof DashboardListRow>;
export const DashboardListAnswer = listAnswerSchema(projectedRow(DashboardListRow));
export type DashboardListAnswer = z.infer<typeof DashboardListAnswer>;

export const DASHBOARD_LIST_COLUMNS = [
  'id',
  'uuid',
  'dashboard_title',
  'slug',
  'url',
  'published',
  'status',
  'certified_by',
  'certification_details',
  'changed_by',
  'changed_by_name',
  'changed_on_delta_humanized',
  'changed_on_utc',
  'created_by',
  'created_on_delta_humanized',
  'owners',
  'roles',
  'tags',
  'thumbnail_url',
  'is_managed_externally',
] as const;

export const DASHBOARD_ORDER_COLUMNS = [
  'dashboard_title',
  'changed_on_delta_humanized',
  'published',
  'changed_on',
  'id',
] as const;

/** Filter columns and their operators. */
export const DASHBOARD_FILTERS: Record<string, readonly string[]> = {
  dashboard_title: ['dashboard_title_or_slug', 'ct', 'eq', 'sw', 'ew'],
  slug: ['eq', 'ct'],
  owners: ['rel_m_m'],
  created_by: ['rel_o_m'],
  changed_by: ['rel_o_m'],
  id: ['dashboard_is_favorite', 'dashboard_is_certified', 'eq', 'neq'],
  published: ['eq'],
  uuid: ['eq'],
};

export const IdsQuery = z.array(z.number().int().positive()).min(1);

/** One chart of `GET /api/v1/dashboard/{id}/charts`. */
export const DashboardChart = z.object({
  id: z.number(),
  uuid: z.string(),
  slice_name: z.string(),
  slice_url: z.string(),
  viz_type: z.string(),
  form_data: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  description_markdown: z.string(),
  cache_timeout: z.number().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  changed_on: z.string(),
  changed_on_humanized: z.string(),
  modified: z.string(),
  datasource_id: z.number().nullable(),
  datasource_type: z.string().nullable(),
  datasource_name_text: z.string().nullable(),
  datasource_url: z.string().nullable(),
  is_managed_externally: z.boolean(),
  owners: z.array(UserRef),
  thumbnail_url: z.string().nullable(),
});
export type DashboardChart = z.infer<typeof DashboardChart>;
export const DashboardChartsAnswer = z.object({ result: z.array(DashboardChart) });

/** `/datasets` answers explore's datasource JSON of each dataset (see datasets.ts). */
export const DashboardDatasetsAnswer = z.object({
  result: z.array(z.record(z.string(), z.unknown())),
});

export const DashboardCopyBody = z.strictObject({
  dashboard_title: text(500).nullable().optional(),
  css: text().nullable().optional(),
  json_metadata: JsonMetadataText,
  duplicate_slices: z.boolean().optional(),
});
export type DashboardCopyBody = z.infer<typeof DashboardCopyBody>;
export const DashboardCopyAnswer = z.object({
  result: z.object({ id: z.number(), last_modified_time: z.number() }),
});

export const DashboardColorsBody = z.strictObject({
  color_namespace: z.string().nullable().optional(),
  color_scheme: z.string().nullable().optional(),
  color_scheme_domain: z.array(z.string()).optional(),
  label_colors: z.record(z.string(), z.string()).optional(),
  map_label_colors: z.record(z.string(), z.string()).optional(),
  shared_label_colors: z.array(z.string()).optional(),
});
export type DashboardColorsBody = z.infer<typeof DashboardColorsBody>;
export const DashboardColorsQuery = z.object({
  mark_updated: z.enum(['true', 'false']).optional(),
});

export const FavoriteStatusAnswer = z.object({
  result: z.array(z.object({ id: z.number(), value: z.boolean() })),
});
export const FavoriteAnswer = z.object({ result: z.literal('OK') });

export const DashboardPermalinkState = z.looseObject({
  urlParams: z.array(z.tuple([z.string(), z.string()])).optional(),
  dataMask: z.record(z.string(), z.unknown()).optional(),
  activeTabs: z.array(z.string()).optional(),
  anchor: z.string().nullable().optional(),
});
export type DashboardPermalinkState = z.infer<typeof DashboardPermalinkState>;
export const DashboardPermalinkAnswer = z.object({ key: z.string(), url: z.string() });
export const DashboardPermalinkValue = z.object({
  dashboardId: z.string(),
  state: DashboardPermalinkState,
});
export type DashboardPermalinkValue = z.infer<typeof DashboardPermalinkValue>;

/** `GET /related/owners` and `/related/roles`. */
export const RelatedQuery = z
  .object({
    filter: z.string().optional(),
    page: z.number().int().min(0).optional(),
    page_size: z.number().int().min(1).max(10000).optional(),
    include_ids: z.array(z.number().int()).optional(),
  })
  .strict();
export const RelatedAnswer = z.object({
  count: z.number(),
  result: z.array(
    z.object({ value: z.number(), text: z.string(), extra: z.record(z.string(), z.unknown()) }),
  ),
});

/** `POST /api/v1/dashboard/import/`: multipart fields other than the file. */
export const ImportFields = z.object({
  overwrite: z.boolean(),
  /** JSON text mapping `databases/<name>.yaml` to its password. */
  passwords: z.record(z.string(), z.string()),
});

// ---------------------------------------------------------------------------------------------
// CSS templates.

export const CssTemplateBody = z.strictObject({
  template_name: text(250).trim().min(1, 'Shorter than minimum length 1.'),
  css: text().nullable().optional(),
});
export const CssTemplateUpdateBody = CssTemplateBody.partial();
export type CssTemplateBody = z.infer<typeof CssTemplateBody>;
export type CssTemplateUpdateBody = z.infer<typeof CssTemplateUpdateBody>;

export const CssTemplateItem = z.object({
  id: z.number(),
  uuid: z.string(),
  template_name: z.string(),
  css: z.string(),
  changed_on_delta_humanized: z.string(),
  created_by: UserRef.nullable(),
  changed_by: UserRef.nullable(),
});
export type CssTemplateItem = z.infer<typeof CssTemplateItem>;
export const CssTemplateItemAnswer = ItemAnswer(CssTemplateItem);
export const CssTemplateWriteAnswer = ItemAnswer(
  z.object({ template_name: z.string(), css: z.string() }),
);
export const CssTemplateListAnswer = listAnswerSchema(CssTemplateItem);
