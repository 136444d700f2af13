import { z } from 'zod';
import { hasPermission, isAdmin, type UserWithRoles } from '../permissions.ts';
import type { DatasourceJson } from './datasets.ts';

/**
 * The contract of `/api/v1/explore/` (Superset's ExploreRestApi), its form-data cache for
 * unsaved explorations (ExploreFormDataRestApi) and explore permalinks
 * (ExplorePermalinkRestApi), plus the spec's explore permission rules (section 6), which the
 * server answers and the web client uses to hide what a user cannot do.
 */

export const DEFAULT_EXPLORE_VIZ_TYPE = 'table';
export const DEFAULT_EXPLORE_TIME_RANGE = 'No filter';

export const MISSING_DATASET_MESSAGE = 'The dataset associated with this chart no longer exists';
export const FORM_DATA_NOT_FOUND_MESSAGE = 'The form data for this key was not found or expired';
export const PERMALINK_NOT_FOUND_MESSAGE = 'The permalink was not found';

// ---------------------------------------------------------------------------------------------
// Permission rules (spec section 6).

/** can_add: can_write on Chart. */
export function canAddChart(user: UserWithRoles | null | undefined): boolean {
  return hasPermission(user, 'can_write', 'Chart');
}

/** can_download: can_csv on the product's main view (`Superset`). */
export function canDownloadChart(user: UserWithRoles | null | undefined): boolean {
  return hasPermission(user, 'can_csv', 'Superset');
}

/** can_overwrite: the user owns the chart (admins own everything, as Superset's is_owner). */
export function canOverwriteChart(
  user: UserWithRoles | null | undefined,
  ownerIds: readonly number[] | null | undefined,
): boolean {
  if (!user || !ownerIds) return false;
  if (isAdmin(user)) return true;
  return typeof user.userId === 'number' && ownerIds.includes(user.userId);
}

export interface ExplorePermissions {
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
}

export function explorePermissions(
  user: UserWithRoles | null | undefined,
  sliceOwnerIds: readonly number[] | null,
): ExplorePermissions {
  return {
    can_add: canAddChart(user),
    can_download: canDownloadChart(user),
    can_overwrite: canOverwriteChart(user, sliceOwnerIds),
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/explore/

export const ExploreQuery = z.object({
  slice_id: z.coerce.number().int().positive().max(2147483647).optional(),
  datasource_id: z.coerce.number().int().positive().max(2147483647).optional(),
  datasource_type: z.string().optional(),
  form_data_key: z.string().optional(),
  permalink_key: z.string().optional(),
  viz_type: z.string().optional(),
});
export type ExploreQuery = z.infer<typeof ExploreQuery>;

/** The saved chart explore opened (Superset's Slice.data), or null for a new exploration. */
export const ExploreSlice = z.object({
  slice_id: z.number(),
  slice_name: z.string(),
  slice_url: z.string(),
  viz_type: z.string(),
  description: z.string().nullable(),
  description_markeddown: z.string(),
  cache_timeout: z.number().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  changed_on: z.string(),
  changed_on_humanized: z.string(),
  modified: z.string(),
  datasource: z.string().nullable(),
  datasource_id: z.number().nullable(),
  datasource_type: z.string().nullable(),
  datasource_name: z.string().nullable(),
  datasource_url: z.string().nullable(),
  edit_url: z.string(),
  form_data: z.record(z.string(), z.unknown()),
  query_context: z.string().nullable(),
  /** Owner user ids (the spec's Explore state keeps ids). */
  owners: z.array(z.number()),
  created_by: z.number().nullable(),
  thumbnail_url: z.string(),
  is_managed_externally: z.boolean(),
});
export type ExploreSlice = z.infer<typeof ExploreSlice>;

export const ExploreAnswer = z.object({
  result: z.object({
    /** The dataset's explore JSON (see DatasourceJson); null when none is chosen or it is gone. */
    dataset: z.record(z.string(), z.unknown()).nullable(),
    form_data: z.record(z.string(), z.unknown()),
    slice: ExploreSlice.nullable(),
    message: z.string().nullable(),
    can_add: z.boolean(),
    can_download: z.boolean(),
    can_overwrite: z.boolean(),
  }),
});
/** The typed answer (the schema keeps `dataset` loose; its shape is DatasourceJson). */
export interface ExploreResult extends ExplorePermissions {
  dataset: DatasourceJson | null;
  form_data: Record<string, unknown>;
  slice: ExploreSlice | null;
  message: string | null;
}
export type ExploreAnswer = { result: ExploreResult };

// ---------------------------------------------------------------------------------------------
// Form-data cache: /api/v1/explore/form_data[/{key}]

const jsonObjectText = z.string().superRefine((text, ctx) => {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'Field must be a JSON object.' });
    }
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `Field cannot be decoded by JSON. ${(error as Error).message}`,
    });
  }
});

export const ExploreDatasourceType = z.enum([
  'table',
  'query',
  'dataset',
  'sl_table',
  'saved_query',
  'view',
]);

export const FormDataBody = z.object({
  datasource_id: z.number().int().positive(),
  datasource_type: ExploreDatasourceType,
  chart_id: z.number().int().positive().nullable().optional(),
  /** The form data as JSON text, as Superset's client sends it. */
  form_data: jsonObjectText,
});
export type FormDataBody = z.infer<typeof FormDataBody>;

export const FormDataTabQuery = z.object({ tab_id: z.coerce.number().int().optional() });
export const FormDataKeyParam = z.object({ key: z.string().min(1).max(64) });

export const FormDataCreatedAnswer = z.object({ key: z.string() });
export const FormDataUpdatedAnswer = z.object({ key: z.string(), message: z.string() });
export const FormDataValueAnswer = z.object({ form_data: z.string() });
export const FORM_DATA_UPDATED_MESSAGE = 'Value updated';
export const FORM_DATA_DELETED_MESSAGE = 'Deleted successfully';

// ---------------------------------------------------------------------------------------------
// Permalinks: /api/v1/explore/permalink[/{key}]

export const ExplorePermalinkBody = z.object({
  formData: z
    .record(z.string(), z.unknown())
    .refine((fd) => typeof fd.datasource === 'string' || typeof fd.slice_id === 'number', {
      message: 'formData needs a datasource or a slice_id',
    }),
  urlParams: z
    .array(z.tuple([z.string(), z.string()]))
    .nullable()
    .optional(),
});
export type ExplorePermalinkBody = z.infer<typeof ExplorePermalinkBody>;

export const ExplorePermalinkCreatedAnswer = z.object({ key: z.string(), url: z.string() });

export const ExplorePermalinkValue = z.object({
  chartId: z.number().nullable(),
  datasourceId: z.number().nullable(),
  datasourceType: z.string().nullable(),
  state: z.object({
    formData: z.record(z.string(), z.unknown()),
    urlParams: z
      .array(z.tuple([z.string(), z.string()]))
      .nullable()
      .optional(),
  }),
});
export type ExplorePermalinkValue = z.infer<typeof ExplorePermalinkValue>;

/** The page address of an explore permalink (legacy prefix, as Superset writes it). */
export const explorePermalinkPath = (key: string) => `/superset/explore/p/${key}/`;
