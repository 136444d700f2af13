import { z } from 'zod';
import { listAnswerSchema } from './common.ts';

/**
 * The contract of `/api/v1/database/` (reference/superset-api.md, "Databases"). The server's
 * routes validate with these schemas and the web client imports the same types.
 */

/** What GET answers in place of a stored password, and what a PUT sends back to keep it. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

export const CONFIGURATION_METHODS = ['sqlalchemy_form', 'dynamic_form'] as const;
export type ConfigurationMethod = (typeof CONFIGURATION_METHODS)[number];

/** Superset's message for a URI it cannot parse. */
export const INVALID_URI_MESSAGE =
  'Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name';

export const DUPLICATE_NAME_MESSAGE = 'A database with the same name already exists.';

/** `extra` is JSON text holding an object; Superset rejects anything else with this message. */
const jsonObjectText = (field: string) =>
  z.string().superRefine((text, ctx) => {
    if (text.trim() === '') return;
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a JSON object.` });
      }
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `Field cannot be decoded by JSON. ${(error as Error).message}`,
      });
    }
  });

const optionalBool = z.boolean().optional();

/** Fields shared by create, update and test_connection bodies. */
const DatabaseFields = z.object({
  database_name: z
    .string()
    .trim()
    .min(1, 'Shorter than minimum length 1.')
    .max(250, 'Longer than maximum length 250.'),
  sqlalchemy_uri: z.string().trim().min(1, 'Shorter than minimum length 1.').max(1024),
  expose_in_sqllab: optionalBool,
  allow_run_async: optionalBool,
  allow_dml: optionalBool,
  allow_ctas: optionalBool,
  allow_cvas: optionalBool,
  allow_file_upload: optionalBool,
  /** Kept inside `extra` as Superset does; accepted at the top level for convenience. */
  disable_data_preview: optionalBool,
  force_ctas_schema: z.string().max(250).nullable().optional(),
  cache_timeout: z.number().int().min(0).max(2147483647).nullable().optional(),
  extra: jsonObjectText('extra').optional(),
  masked_encrypted_extra: jsonObjectText('masked_encrypted_extra').nullable().optional(),
  /** The generated form's values (dynamic_form); the URI is built from them by the engine. */
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  engine: z.string().max(64).nullable().optional(),
  driver: z.string().max(64).nullable().optional(),
  configuration_method: z.enum(CONFIGURATION_METHODS).optional(),
  catalog: z.string().max(250).nullable().optional(),
  is_managed_externally: z.boolean().nullable().optional(),
  external_url: z.string().max(1024).nullable().optional(),
  uuid: z.string().uuid().optional(),
  /** Accepted for Superset clients; Tessera has no impersonation, SSH tunnels or TLS certs yet. */
  impersonate_user: optionalBool,
  server_cert: z.string().nullable().optional(),
  ssh_tunnel: z.unknown().optional(),
});

/**
 * POST body. `sqlalchemy_uri` is required unless the form (`parameters` + `engine`) is given;
 * that cross-field rule is checked by the server with the same field-error envelope.
 */
export const DatabaseCreateBody = DatabaseFields.partial({ sqlalchemy_uri: true });
export type DatabaseCreateBody = z.infer<typeof DatabaseCreateBody>;

/** PUT body: every field optional; a URI carrying PASSWORD_MASK keeps the stored password. */
export const DatabaseUpdateBody = DatabaseFields.partial();
export type DatabaseUpdateBody = z.infer<typeof DatabaseUpdateBody>;

/** test_connection: the name is optional; with a known name a masked password means "stored". */
export const DatabaseTestConnectionBody = DatabaseFields.partial({
  database_name: true,
  sqlalchemy_uri: true,
});
export type DatabaseTestConnectionBody = z.infer<typeof DatabaseTestConnectionBody>;

export const EngineInformation = z.object({
  supports_file_upload: z.boolean(),
  supports_dynamic_catalog: z.boolean(),
  disable_ssh_tunneling: z.boolean(),
});
export type EngineInformation = z.infer<typeof EngineInformation>;

const UserName = z.object({ first_name: z.string(), last_name: z.string() }).nullable();

/** One row of the list, with Superset's list_columns. */
export const DatabaseListItem = z.object({
  id: z.number(),
  uuid: z.string(),
  database_name: z.string(),
  backend: z.string(),
  engine: z.string(),
  driver: z.string().nullable(),
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  allows_cost_estimate: z.boolean(),
  allows_subquery: z.boolean(),
  allows_virtual_table_explore: z.boolean(),
  allow_multi_catalog: z.boolean(),
  force_ctas_schema: z.string().nullable(),
  disable_data_preview: z.boolean(),
  disable_drill_to_detail: z.boolean(),
  explore_database_id: z.number(),
  extra: z.string(),
  engine_information: EngineInformation,
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_by: UserName,
  created_by: UserName,
});
export type DatabaseListItem = z.infer<typeof DatabaseListItem>;

export const DATABASE_LIST_COLUMNS = Object.keys(DatabaseListItem.shape);

/** The list's `q`: Superset's filters on these columns only. */
export const DATABASE_FILTER_COLUMNS = [
  'database_name',
  'expose_in_sqllab',
  'allow_file_upload',
] as const;
export const DATABASE_ORDER_COLUMNS = [
  'database_name',
  'allow_file_upload',
  'allow_dml',
  'allow_run_async',
  'allow_ctas',
  'allow_cvas',
  'expose_in_sqllab',
  'changed_on',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'created_by.first_name',
  'backend',
  'id',
] as const;

export const DatabaseListAnswer = listAnswerSchema(DatabaseListItem.partial());
export type DatabaseListAnswer = z.infer<typeof DatabaseListAnswer>;

/** GET /{pk}: the password inside `sqlalchemy_uri` and `parameters` is always PASSWORD_MASK. */
export const DatabaseItem = z.object({
  id: z.number(),
  uuid: z.string(),
  database_name: z.string(),
  sqlalchemy_uri: z.string(),
  backend: z.string(),
  engine: z.string(),
  driver: z.string().nullable(),
  configuration_method: z.enum(CONFIGURATION_METHODS),
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  disable_data_preview: z.boolean(),
  force_ctas_schema: z.string().nullable(),
  cache_timeout: z.number().nullable(),
  extra: z.string(),
  masked_encrypted_extra: z.string().nullable(),
  parameters: z.record(z.string(), z.unknown()),
  parameters_schema: z.record(z.string(), z.unknown()),
  engine_information: EngineInformation,
  impersonate_user: z.boolean(),
  is_managed_externally: z.boolean(),
  external_url: z.string().nullable(),
  server_cert: z.string().nullable(),
  changed_on: z.string(),
  created_on: z.string(),
});
export type DatabaseItem = z.infer<typeof DatabaseItem>;

export const DatabaseItemAnswer = z.object({ id: z.number(), result: DatabaseItem });
export type DatabaseItemAnswer = z.infer<typeof DatabaseItemAnswer>;

/** Create and update answer `{id, result}` with the stored fields (masked). */
export const DatabaseWriteAnswer = DatabaseItemAnswer;

/** A JSON-schema-ish description of an engine's form, as Superset's `available` answers it. */
export const ParametersSchema = z.object({
  type: z.literal('object'),
  properties: z.record(
    z.string(),
    z.object({
      type: z.string(),
      title: z.string().optional(),
      description: z.string().optional(),
      default: z.unknown().optional(),
      format: z.string().optional(),
      'x-encrypted-extra': z.boolean().optional(),
    }),
  ),
  required: z.array(z.string()),
});
export type ParametersSchema = z.infer<typeof ParametersSchema>;

export const AvailableEngine = z.object({
  engine: z.string(),
  name: z.string(),
  default_driver: z.string(),
  sqlalchemy_uri_placeholder: z.string(),
  /** Present only for engines with a generated form. */
  parameters: ParametersSchema.optional(),
  available_drivers: z.array(z.string()),
  preferred: z.boolean(),
  engine_information: EngineInformation,
});
export type AvailableEngine = z.infer<typeof AvailableEngine>;

export const AvailableAnswer = z.object({ databases: z.array(AvailableEngine) });
export type AvailableAnswer = z.infer<typeof AvailableAnswer>;

/** `?q=(force:!f,catalog:'c')` */
export const SchemasQuery = z
  .object({
    force: z.boolean().optional(),
    catalog: z.string().nullable().optional(),
    upload_allowed: z.boolean().optional(),
  })
  .strict();
export type SchemasQuery = z.infer<typeof SchemasQuery>;

export const CatalogsQuery = z.object({ force: z.boolean().optional() }).strict();

export const StringListAnswer = z.object({ result: z.array(z.string()) });
export type StringListAnswer = z.infer<typeof StringListAnswer>;

/** `?q=(schema_name:'s',catalog_name:'c',force:!f)` */
export const TablesQuery = z
  .object({
    schema_name: z.string(),
    catalog_name: z.string().nullable().optional(),
    force: z.boolean().optional(),
  })
  .strict();
export type TablesQuery = z.infer<typeof TablesQuery>;

export const TableListItem = z.object({
  value: z.string(),
  type: z.enum(['table', 'view', 'materialized_view']),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type TableListItem = z.infer<typeof TableListItem>;

export const TablesAnswer = z.object({ count: z.number(), result: z.array(TableListItem) });
export type TablesAnswer = z.infer<typeof TablesAnswer>;

export const TableMetadataQuery = z.object({
  name: z.string().min(1, 'Missing data for required field.'),
  schema: z.string().optional(),
  catalog: z.string().optional(),
});
export type TableMetadataQuery = z.infer<typeof TableMetadataQuery>;

export const TableColumn = z.object({
  name: z.string(),
  type: z.string(),
  longType: z.string(),
  type_generic: z.number(),
  nullable: z.boolean(),
  default: z.string().nullable(),
  keys: z.array(
    z.object({
      type: z.enum(['pk', 'fk', 'index']),
      name: z.string().nullable(),
      column_names: z.array(z.string()),
    }),
  ),
  comment: z.string().nullable(),
});
export type TableColumn = z.infer<typeof TableColumn>;

export const TableMetadataAnswer = z.object({
  name: z.string(),
  schema: z.string().nullable(),
  catalog: z.string().nullable(),
  type: z.enum(['table', 'view', 'materialized_view']),
  columns: z.array(TableColumn),
  selectStar: z.string(),
  primaryKey: z
    .object({ name: z.string().nullable(), column_names: z.array(z.string()) })
    .nullable(),
  foreignKeys: z.array(
    z.object({
      name: z.string().nullable(),
      column_names: z.array(z.string()),
      referred_schema: z.string().nullable(),
      referred_table: z.string(),
      referred_columns: z.array(z.string()),
    }),
  ),
  indexes: z.array(
    z.object({ name: z.string(), column_names: z.array(z.string()), unique: z.boolean() }),
  ),
  comment: z.string().nullable(),
});
export type TableMetadataAnswer = z.infer<typeof TableMetadataAnswer>;

export const TableExtraAnswer = z.record(z.string(), z.unknown());

export const SelectStarAnswer = z.object({ result: z.string() });
export type SelectStarAnswer = z.infer<typeof SelectStarAnswer>;

export const FunctionNamesAnswer = z.object({ function_names: z.array(z.string()) });
export type FunctionNamesAnswer = z.infer<typeof FunctionNamesAnswer>;

/** GET /{pk}/connection (admins): the stored connection details, password masked. */
export const DatabaseConnectionAnswer = z.object({
  id: z.number(),
  result: DatabaseItem,
});
