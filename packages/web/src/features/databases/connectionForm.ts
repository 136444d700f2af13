import type {
  AvailableEngine,
  ConfigurationMethod,
  DatabaseCreateBody,
  DatabaseItem,
  ParametersSchema,
} from '@tessera/shared/api/databases';

/**
 * The connection modal's form, generated from an engine's parameters schema (what
 * `GET /api/v1/database/available/` answers), and the request body built from its values.
 */

export type FieldKind = 'text' | 'password' | 'number' | 'boolean';

export interface ConnectionField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  defaultValue?: unknown;
  placeholder?: string;
}

/** Hints for well-known parameter names; the engine's own title and description win. */
const PLACEHOLDERS: Record<string, string> = {
  host: 'e.g. db.example.com',
  port: 'e.g. 5432',
  database: 'e.g. analytics',
  username: 'e.g. analyst',
  password: '',
};

function humanise(name: string): string {
  const words = name.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(property: ParametersSchema['properties'][string], name: string): FieldKind {
  if (property.type === 'boolean') return 'boolean';
  if (property.type === 'integer' || property.type === 'number') return 'number';
  if (property.format === 'password' || name === 'password') return 'password';
  return 'text';
}

/** The fields of an engine's form, in the engine's order. */
export function connectionFields(schema: ParametersSchema | undefined): ConnectionField[] {
  if (!schema) return [];
  const required = new Set(schema.required);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    label: property.title ?? humanise(name),
    kind: kindOf(property, name),
    required: required.has(name),
    description: property.description,
    defaultValue: property.default,
    placeholder: PLACEHOLDERS[name],
  }));
}

export function defaultParameters(fields: ConnectionField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
    else if (field.kind === 'boolean') values[field.name] = false;
  }
  return values;
}

/** The database options of the Advanced tab, with Superset's defaults for a new connection. */
export interface AdvancedOptions {
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string;
  disable_data_preview: boolean;
  cache_timeout: number | null;
  allow_file_upload: boolean;
}

export const DEFAULT_ADVANCED_OPTIONS: AdvancedOptions = {
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  force_ctas_schema: '',
  disable_data_preview: false,
  cache_timeout: null,
  allow_file_upload: false,
};

export interface ConnectionFormValues extends AdvancedOptions {
  database_name: string;
  sqlalchemy_uri: string;
  parameters: Record<string, unknown>;
}

export function newConnectionValues(engine: AvailableEngine | null): ConnectionFormValues {
  return {
    ...DEFAULT_ADVANCED_OPTIONS,
    database_name: engine?.name ?? '',
    sqlalchemy_uri: '',
    parameters: defaultParameters(connectionFields(engine?.parameters)),
  };
}

export function valuesFromDatabase(item: DatabaseItem): ConnectionFormValues {
  return {
    database_name: item.database_name,
    sqlalchemy_uri: item.sqlalchemy_uri,
    parameters: { ...item.parameters },
    expose_in_sqllab: item.expose_in_sqllab,
    allow_run_async: item.allow_run_async,
    allow_dml: item.allow_dml,
    allow_ctas: item.allow_ctas,
    allow_cvas: item.allow_cvas,
    force_ctas_schema: item.force_ctas_schema ?? '',
    disable_data_preview: item.disable_data_preview,
    cache_timeout: item.cache_timeout,
    allow_file_upload: item.allow_file_upload,
  };
}

function cleanParameters(
  parameters: Record<string, unknown>,
  fields: ConnectionField[],
): Record<string, unknown> {
  const cleaned: Record<string, unknown> = {};
  const known = fields.length > 0 ? fields.map((f) => f.name) : Object.keys(parameters);
  for (const name of known) {
    const raw = parameters[name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    // Empty optional fields are left out so the engine applies its own default.
    if (value === undefined || value === null || value === '') continue;
    cleaned[name] = value;
  }
  return cleaned;
}

/**
 * The body of create, update and test_connection. With the generated form the server builds the
 * URI from `engine` + `parameters`; with the URI tab it receives the URI as typed.
 */
export function connectionPayload(
  values: ConnectionFormValues,
  engine: string | null,
  method: ConfigurationMethod,
  fields: ConnectionField[] = [],
): DatabaseCreateBody {
  const common = {
    database_name: values.database_name.trim(),
    configuration_method: method,
    expose_in_sqllab: values.expose_in_sqllab,
    allow_run_async: values.allow_run_async,
    allow_dml: values.allow_dml,
    allow_ctas: values.allow_ctas,
    allow_cvas: values.allow_cvas,
    force_ctas_schema: values.force_ctas_schema.trim() || null,
    disable_data_preview: values.disable_data_preview,
    cache_timeout: values.cache_timeout ?? null,
    allow_file_upload: values.allow_file_upload,
  };
  if (method === 'dynamic_form') {
    return { ...common, engine, parameters: cleanParameters(values.parameters ?? {}, fields) };
  }
  return {
    ...common,
    ...(engine ? { engine } : {}),
    sqlalchemy_uri: values.sqlalchemy_uri.trim(),
  };
}

/**
 * Grid widths (of antd's 24 columns) that keep the form short: a port beside its host, a password beside its
 * user name; everything else takes the full row.
 */
export function fieldSpans(fields: ConnectionField[]): number[] {
  const spans = fields.map(() => 24);
  for (let i = 0; i < fields.length - 1; i++) {
    const current = fields[i] as ConnectionField;
    const next = fields[i + 1] as ConnectionField;
    if (spans[i] !== 24 || current.kind !== 'text') continue;
    if (next.kind === 'number') {
      spans[i] = 17;
      spans[i + 1] = 7;
    } else if (next.kind === 'password') {
      spans[i] = 12;
      spans[i + 1] = 12;
    }
  }
  return spans;
}
