import { z } from 'zod';
import { listAnswerSchema, projectedRow } from './common.ts';

/**
 * The contract of `/api/v1/dataset/` and of the datasource JSON explore reads
 * (reference/superset-api.md; Superset's DatasetRestApi and SqlaTable.data). The server's routes
 * validate with these schemas and the web client imports the same types.
 */

export const datasetExistsMessage = (name: string) => `Dataset ${name} already exists`;
export const tableNotFoundMessage = (name: string) =>
  `Table [${name}] could not be found, please double check your database connection, schema, and table name`;
export const DATABASE_NOT_FOUND_MESSAGE = 'Database does not exist';
export const DATASET_FORBIDDEN_MESSAGE = 'Changing this dataset is forbidden';
export const OWNERS_INVALID_MESSAGE = 'Owners are invalid';
export const COLUMNS_DUPLICATED_MESSAGE = 'One or more columns are duplicated';
export const COLUMNS_EXIST_MESSAGE = 'One or more columns already exist';
export const COLUMNS_NOT_FOUND_MESSAGE = 'One or more columns do not exist';
export const METRICS_DUPLICATED_MESSAGE = 'One or more metrics are duplicated';
export const METRICS_EXIST_MESSAGE = 'One or more metrics already exist';
export const METRICS_NOT_FOUND_MESSAGE = 'One or more metrics do not exist';
/** What SQL Lab shows when creating a dataset from a query fails (the client's toast). */
export const CREATE_DATASOURCE_FAILED_TOAST = 'An error occurred while creating the data source';

/** JSON text holding an object (or empty). */
const jsonObjectText = z.string().superRefine((text, ctx) => {
  if (text.trim() === '') return;
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

const optionalText = (max?: number) =>
  (max ? z.string().max(max, `Longer than maximum length ${max}.`) : z.string())
    .nullable()
    .optional();

export const Certification = z.object({
  certified_by: z.string().nullable().optional(),
  details: z.string().nullable().optional(),
});

/** Metric currency as Superset stores it. Text (the JSON or a bare code) is accepted too. */
export const Currency = z.object({
  symbol: z.string().nullable().optional(),
  symbolPosition: z.string().nullable().optional(),
});
export type Currency = z.infer<typeof Currency>;

/**
 * A column in a PUT (and in the SQL Lab variant of POST): with `id` it updates that column,
 * without it creates one. SQL Lab sends result columns with `name` instead of `column_name`.
 */
export const DatasetColumnInput = z
  .object({
    id: z.number().int().positive().optional(),
    column_name: z.string().min(1).max(255, 'Longer than maximum length 255.').optional(),
    name: z.string().min(1).max(255).optional(),
    type: optionalText(),
    verbose_name: optionalText(1024),
    description: optionalText(),
    expression: optionalText(),
    filterable: z.boolean().optional(),
    groupby: z.boolean().optional(),
    is_active: z.boolean().nullable().optional(),
    is_dttm: z.boolean().nullable().optional(),
    python_date_format: optionalText(255),
    advanced_data_type: optionalText(255),
    extra: jsonObjectText.nullable().optional(),
    uuid: z.string().nullable().optional(),
  })
  .refine((c) => Boolean(c.column_name ?? c.name), {
    message: 'Missing data for required field.',
    path: ['column_name'],
  });
export type DatasetColumnInput = z.infer<typeof DatasetColumnInput>;

export const DatasetMetricInput = z.object({
  id: z.number().int().positive().optional(),
  metric_name: z.string().min(1).max(255, 'Longer than maximum length 255.'),
  expression: z.string().min(1, 'Shorter than minimum length 1.'),
  verbose_name: optionalText(1024),
  metric_type: optionalText(32),
  description: optionalText(),
  d3format: optionalText(128),
  currency: z.union([Currency, z.string()]).nullable().optional(),
  warning_text: optionalText(),
  extra: jsonObjectText.nullable().optional(),
  uuid: z.string().nullable().optional(),
});
export type DatasetMetricInput = z.infer<typeof DatasetMetricInput>;

/** POST body: a physical dataset (no `sql`) or a virtual one (`sql`). */
export const DatasetCreateBody = z.object({
  database: z.number().int(),
  catalog: z.string().max(250).nullable().optional(),
  schema: z.string().max(250, 'Longer than maximum length 250.').nullable().optional(),
  table_name: z
    .string()
    .min(1, 'Shorter than minimum length 1.')
    .max(250, 'Longer than maximum length 250.'),
  sql: z.string().nullable().optional(),
  owners: z.array(z.number().int()).optional(),
  is_managed_externally: z.boolean().nullable().optional(),
  external_url: z.string().nullable().optional(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
  /** JSON text; SQL Lab may send an object. */
  template_params: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  columns: z.array(DatasetColumnInput).optional(),
  uuid: z.string().uuid().optional(),
});
export type DatasetCreateBody = z.infer<typeof DatasetCreateBody>;

export const DatasetUpdateBody = z.object({
  table_name: z.string().min(1).max(250, 'Longer than maximum length 250.').nullable().optional(),
  database_id: z.number().int().optional(),
  sql: z.string().nullable().optional(),
  filter_select_enabled: z.boolean().nullable().optional(),
  fetch_values_predicate: optionalText(1000),
  catalog: optionalText(250),
  schema: optionalText(255),
  description: optionalText(),
  main_dttm_col: optionalText(),
  currency_code_column: optionalText(250),
  normalize_columns: z.boolean().nullable().optional(),
  always_filter_main_dttm: z.boolean().nullable().optional(),
  offset: z.number().int().nullable().optional(),
  default_endpoint: optionalText(),
  cache_timeout: z.number().int().min(0).nullable().optional(),
  is_sqllab_view: z.boolean().nullable().optional(),
  template_params: jsonObjectText.nullable().optional(),
  owners: z.array(z.number().int()).optional(),
  columns: z.array(DatasetColumnInput).optional(),
  metrics: z.array(DatasetMetricInput).optional(),
  extra: jsonObjectText.nullable().optional(),
  is_managed_externally: z.boolean().nullable().optional(),
  external_url: optionalText(),
});
export type DatasetUpdateBody = z.infer<typeof DatasetUpdateBody>;

export const DatasetUpdateQuery = z.object({
  override_columns: z.enum(['true', 'false', '1', '0']).optional(),
});

export const DatasetDuplicateBody = z.object({
  base_model_id: z.number().int(),
  table_name: z.string().min(1, 'Shorter than minimum length 1.').max(250),
});
export type DatasetDuplicateBody = z.infer<typeof DatasetDuplicateBody>;

export const GetOrCreateBody = z.object({
  table_name: z.string().min(1).max(250),
  database_id: z.number().int(),
  catalog: z.string().nullable().optional(),
  schema: z.string().nullable().optional(),
  template_params: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  always_filter_main_dttm: z.boolean().optional(),
  normalize_columns: z.boolean().optional(),
});
export type GetOrCreateBody = z.infer<typeof GetOrCreateBody>;

export const GetOrCreateAnswer = z.object({ result: z.object({ table_id: z.number() }) });

const UserName = z.object({ first_name: z.string(), last_name: z.string() }).nullable();
const Owner = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

/** A column as the API shows it (`columns.*` of Superset's show_columns, plus the derived ones). */
export const DatasetColumn = z.object({
  id: z.number(),
  uuid: z.string(),
  column_name: z.string(),
  verbose_name: z.string().nullable(),
  type: z.string().nullable(),
  type_generic: z.number().nullable(),
  is_dttm: z.boolean(),
  groupby: z.boolean(),
  filterable: z.boolean(),
  expression: z.string().nullable(),
  description: z.string().nullable(),
  python_date_format: z.string().nullable(),
  advanced_data_type: z.string().nullable(),
  is_active: z.boolean(),
  extra: z.string().nullable(),
  warning_markdown: z.string().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  is_certified: z.boolean(),
  created_on: z.string(),
  changed_on: z.string(),
});
export type DatasetColumn = z.infer<typeof DatasetColumn>;

export const DatasetMetric = z.object({
  id: z.number(),
  uuid: z.string(),
  metric_name: z.string(),
  verbose_name: z.string().nullable(),
  metric_type: z.string().nullable(),
  expression: z.string(),
  description: z.string().nullable(),
  d3format: z.string().nullable(),
  currency: Currency.nullable(),
  warning_text: z.string().nullable(),
  extra: z.string().nullable(),
  warning_markdown: z.string().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  is_certified: z.boolean(),
  created_on: z.string(),
  changed_on: z.string(),
});
export type DatasetMetric = z.infer<typeof DatasetMetric>;

export const DatasetDatabase = z.object({
  id: z.number(),
  database_name: z.string(),
  uuid: z.string(),
  backend: z.string(),
  allow_multi_catalog: z.boolean(),
});

/** GET /{pk}: Superset's show_columns. */
export const DatasetItem = z.object({
  id: z.number(),
  uuid: z.string(),
  uid: z.string(),
  name: z.string(),
  datasource_name: z.string(),
  datasource_type: z.literal('table'),
  kind: z.enum(['physical', 'virtual']),
  table_name: z.string(),
  database: DatasetDatabase,
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string().nullable(),
  description: z.string().nullable(),
  main_dttm_col: z.string().nullable(),
  currency_code_column: z.string().nullable(),
  default_endpoint: z.string().nullable(),
  offset: z.number(),
  cache_timeout: z.number().nullable(),
  is_sqllab_view: z.boolean(),
  template_params: z.string().nullable(),
  filter_select_enabled: z.boolean(),
  fetch_values_predicate: z.string().nullable(),
  normalize_columns: z.boolean(),
  always_filter_main_dttm: z.boolean(),
  is_managed_externally: z.boolean(),
  external_url: z.string().nullable(),
  extra: z.string().nullable(),
  select_star: z.string().nullable(),
  url: z.string(),
  owners: z.array(Owner),
  columns: z.array(DatasetColumn),
  metrics: z.array(DatasetMetric),
  folders: z.null(),
  column_formats: z.record(z.string(), z.string()),
  verbose_map: z.record(z.string(), z.string()),
  granularity_sqla: z.array(z.tuple([z.string(), z.string()])),
  time_grain_sqla: z.array(z.tuple([z.string(), z.string()])),
  order_by_choices: z.array(z.tuple([z.string(), z.string()])),
  created_on: z.string(),
  created_on_humanized: z.string(),
  created_by: UserName,
  changed_on: z.string(),
  changed_on_humanized: z.string(),
  changed_by: UserName,
});
export type DatasetItem = z.infer<typeof DatasetItem>;

/** What Superset's show answers beside the item; `keys` in `q` picks which of them come. */
const ShowMeta = {
  show_columns: z.array(z.string()).optional(),
  label_columns: z.record(z.string(), z.string()).optional(),
  description_columns: z.record(z.string(), z.string()).optional(),
  show_title: z.string().optional(),
};

/** The GET answer: `q` may select some fields, nested ones such as `database.id` included. */
export const DatasetShowAnswer = z.object({
  id: z.number(),
  result: projectedRow(DatasetItem),
  ...ShowMeta,
});

/** The GET answer without `q`: the whole item. */
export const DatasetItemAnswer = z.object({ id: z.number(), result: DatasetItem, ...ShowMeta });

/** The POST answers (create, duplicate): what was stored, and the datasource JSON explore reads. */
export const DatasetCreateAnswer = z.object({
  id: z.number(),
  result: z.looseObject({ table_name: z.string() }),
  data: z.record(z.string(), z.unknown()).optional(),
  /** The new dataset's uuid (create only; Superset leaves it out, the answer keeps it). */
  uuid: z.string().optional(),
});
export type DatasetCreateAnswer = z.infer<typeof DatasetCreateAnswer>;

/** GET /{pk} `q`: Superset's get_item_schema. */
export const DatasetShowQuery = z
  .object({
    columns: z.array(z.string()).optional(),
    keys: z.array(z.string()).optional(),
  })
  .strict();

export const DatasetListItem = z.object({
  id: z.number(),
  uuid: z.string(),
  table_name: z.string(),
  kind: z.enum(['physical', 'virtual']),
  datasource_type: z.literal('table'),
  database: z.object({ id: z.number(), database_name: z.string(), uuid: z.string() }),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string().nullable(),
  description: z.string().nullable(),
  default_endpoint: z.string().nullable(),
  explore_url: z.string(),
  extra: z.string().nullable(),
  owners: z.array(Owner),
  changed_by: z
    .object({ id: z.number(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  changed_by_name: z.string(),
  changed_on: z.string(),
  changed_on_utc: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type DatasetListItem = z.infer<typeof DatasetListItem>;

export const DATASET_LIST_COLUMNS = [
  'id',
  'uuid',
  'database.id',
  'database.database_name',
  'database.uuid',
  'changed_by_name',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by.id',
  'changed_on_utc',
  'changed_on_delta_humanized',
  'default_endpoint',
  'description',
  'datasource_type',
  'explore_url',
  'extra',
  'kind',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'catalog',
  'schema',
  'sql',
  'table_name',
];

export const DATASET_ORDER_COLUMNS = [
  'table_name',
  'catalog',
  'schema',
  'changed_by.first_name',
  'changed_on_delta_humanized',
  'database.database_name',
  'changed_on',
  'id',
] as const;

export const DatasetListAnswer = listAnswerSchema(projectedRow(DatasetListItem));
export type DatasetListAnswer = z.infer<typeof DatasetListAnswer>;

export const RelatedObjectsAnswer = z.object({
  charts: z.object({
    count: z.number(),
    result: z.array(z.object({ id: z.number(), slice_name: z.string(), viz_type: z.string() })),
  }),
  dashboards: z.object({
    count: z.number(),
    result: z.array(
      z.object({
        id: z.number(),
        json_metadata: z.unknown(),
        slug: z.string().nullable(),
        title: z.string(),
      }),
    ),
  }),
});
export type RelatedObjectsAnswer = z.infer<typeof RelatedObjectsAnswer>;

/** `GET /api/v1/dataset/distinct/{column}`: `{count, result: [{text, value}]}`. */
export const DistinctAnswer = z.object({
  count: z.number(),
  result: z.array(z.object({ text: z.string(), value: z.string() })),
});

/** A column in the datasource JSON explore reads (SqlaTable.data / TableColumn.data). */
export type DatasourceColumn = {
  id: number;
  column_name: string;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  filterable: boolean;
  groupby: boolean;
  is_dttm: boolean;
  type: string | null;
  type_generic: number | null;
  advanced_data_type: string | null;
  python_date_format: string | null;
  is_certified: boolean;
  certified_by: string | null;
  certification_details: string | null;
  warning_markdown: string | null;
};

export type DatasourceMetric = {
  id: number;
  uuid: string;
  metric_name: string;
  verbose_name: string | null;
  description: string | null;
  expression: string;
  warning_text: string | null;
  d3format: string | null;
  currency: Currency | null;
  is_certified: boolean;
  certified_by: string | null;
  certification_details: string | null;
  warning_markdown: string | null;
};

/** The datasource JSON explore works from (`/datasource/get/...`, fetch_datasource_metadata). */
export type DatasourceJson = {
  id: number;
  uid: string;
  uuid: string;
  type: 'table';
  datasource_name: string;
  name: string;
  table_name: string;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  description: string | null;
  database: { id: number; backend: string; name: string; database_name: string };
  columns: DatasourceColumn[];
  metrics: DatasourceMetric[];
  main_dttm_col: string | null;
  granularity_sqla: Array<[string, string]>;
  time_grain_sqla: Array<[string, string]>;
  order_by_choices: Array<[string, string]>;
  verbose_map: Record<string, string>;
  column_formats: Record<string, string>;
  column_names: string[];
  filter_select: boolean;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  template_params: string | null;
  cache_timeout: number | null;
  offset: number;
  default_endpoint: string | null;
  is_sqllab_view: boolean;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  currency_code_column: string | null;
  extra: string | null;
  owners: Array<{ id: number; first_name: string; last_name: string; username?: string }>;
  select_star: string | null;
  edit_url: string;
  health_check_message: null;
  is_managed_externally: boolean;
  external_url: string | null;
  changed_on: string;
};
