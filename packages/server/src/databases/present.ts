import {
  type AvailableEngine,
  type ConfigurationMethod,
  type DatabaseItem,
  type DatabaseListItem,
  type EngineInformation,
  PASSWORD_MASK,
  type ParametersSchema,
} from '@tessera/shared/api/databases';
import type { EngineSpec, FormField } from '../engines/types.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { parseExtra, safeGetSpec } from './connections.ts';
import { DATABASE_FLAGS, type DatabaseFlag, type DatabaseRow } from './repository.ts';
import { maskedUri, splitUri } from './uri.ts';

/** Turns stored rows into the wire shapes; every password and encrypted value is masked here. */

export interface UserNames {
  first_name: string;
  last_name: string;
}

export function engineInformation(spec: EngineSpec | undefined): EngineInformation {
  return {
    supports_file_upload: true,
    supports_dynamic_catalog: spec?.supportsCatalogs ?? false,
    disable_ssh_tunneling: true,
  };
}

/** Drivers are the `+driver` parts of the schemes an engine accepts. */
export function driversOf(spec: EngineSpec): string[] {
  const drivers = spec.schemes
    .map((s) => s.split('+', 2)[1])
    .filter((d): d is string => Boolean(d));
  return [...new Set(drivers)];
}

const FIELD_TYPES: Record<FormField['type'], { type: string; format?: string }> = {
  string: { type: 'string' },
  password: { type: 'string', format: 'password' },
  number: { type: 'integer' },
  boolean: { type: 'boolean' },
  file: { type: 'string', format: 'binary' },
};

/** The engine's form as the JSON-schema-ish object Superset's `available` endpoint returns. */
export function parametersSchemaOf(spec: EngineSpec): ParametersSchema {
  const properties: ParametersSchema['properties'] = {};
  for (const field of spec.parameters) {
    properties[field.name] = {
      ...FIELD_TYPES[field.type],
      title: field.label,
      ...(field.description ? { description: field.description } : {}),
      ...(field.default !== undefined ? { default: field.default } : {}),
    };
  }
  return {
    type: 'object',
    properties,
    required: spec.parameters.filter((f) => f.required).map((f) => f.name),
  };
}

export function availableEngine(spec: EngineSpec): AvailableEngine {
  const drivers = driversOf(spec);
  return {
    engine: spec.engine,
    name: spec.name,
    default_driver: drivers[0] ?? '',
    sqlalchemy_uri_placeholder: spec.sqlalchemyUriPlaceholder,
    ...(spec.parameters.length > 0 ? { parameters: parametersSchemaOf(spec) } : {}),
    available_drivers: drivers,
    preferred: ['duckdb', 'postgresql', 'mysql', 'sqlite'].includes(spec.engine),
    engine_information: engineInformation(spec),
  };
}

/** `a few seconds ago`, `5 minutes ago`: the humanised age Superset lists beside dates. */
export function humanizeAge(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  const steps: Array<[number, string, string]> = [
    [60, 'a minute ago', 'minutes'],
    [3600, 'an hour ago', 'hours'],
    [86400, 'a day ago', 'days'],
    [86400 * 30, 'a month ago', 'months'],
    [86400 * 365, 'a year ago', 'years'],
  ];
  if (seconds < 45) return 'a few seconds ago';
  let chosen: [number, string, string] = steps[0] as [number, string, string];
  for (const step of steps) if (seconds >= step[0] * 0.75) chosen = step;
  const count = Math.round(seconds / chosen[0]);
  return count <= 1 ? chosen[1] : `${count} ${chosen[2]} ago`;
}

/** The yes/no options of a row as booleans. */
function flagsOf(row: DatabaseRow): Record<DatabaseFlag, boolean> {
  const flags = {} as Record<DatabaseFlag, boolean>;
  for (const key of DATABASE_FLAGS) flags[key] = Boolean(row[key]);
  return flags;
}

function backendOf(row: DatabaseRow): { backend: string; driver: string | null } {
  const parts = splitUri(row.sqlalchemy_uri);
  return { backend: parts?.backend ?? row.engine, driver: parts?.driver ?? null };
}

export function toListItem(row: DatabaseRow, users: Map<number, UserNames>): DatabaseListItem {
  const spec = safeGetSpec(row.engine);
  const extra = parseExtra(row.extra);
  const userOf = (id: number | null) => {
    const user = id === null ? undefined : users.get(id);
    return user ? { first_name: user.first_name, last_name: user.last_name } : null;
  };
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    ...backendOf(row),
    engine: row.engine,
    ...flagsOf(row),
    allows_cost_estimate: spec?.supportsCostEstimate ?? false,
    allows_subquery: true,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    allow_multi_catalog: extra.allow_multi_catalog === true,
    force_ctas_schema: row.force_ctas_schema,
    disable_data_preview: extra.disable_data_preview === true,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    explore_database_id:
      typeof extra.explore_database_id === 'number' ? extra.explore_database_id : row.id,
    extra: row.extra,
    engine_information: engineInformation(spec),
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeAge(row.changed_on),
    changed_by: userOf(row.changed_by_fk),
    created_by: userOf(row.created_by_fk),
  };
}

/** Every top-level value of the encrypted extra replaced by the mask (Superset's `$.*`). */
export function maskEncryptedExtra(decrypted: string | null): string | null {
  if (decrypted === null) return null;
  const value = parseExtra(decrypted);
  const masked: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) masked[key] = v === null ? null : PASSWORD_MASK;
  return JSON.stringify(masked);
}

export function toItem(row: DatabaseRow, secrets: SecretBox): DatabaseItem {
  const spec = safeGetSpec(row.engine);
  const extra = parseExtra(row.extra);
  const hasPassword = row.password !== null;
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    sqlalchemy_uri: maskedUri(row.sqlalchemy_uri, hasPassword),
    ...backendOf(row),
    engine: row.engine,
    configuration_method: (row.configuration_method === 'dynamic_form'
      ? 'dynamic_form'
      : 'sqlalchemy_form') as ConfigurationMethod,
    ...flagsOf(row),
    disable_data_preview: extra.disable_data_preview === true,
    force_ctas_schema: row.force_ctas_schema,
    cache_timeout: row.cache_timeout,
    extra: row.extra,
    masked_encrypted_extra: maskEncryptedExtra(readableOrNull(secrets, row.encrypted_extra)),
    parameters: formParameters(spec, row.sqlalchemy_uri, hasPassword),
    parameters_schema: spec && spec.parameters.length > 0 ? parametersSchemaOf(spec) : {},
    engine_information: engineInformation(spec),
    impersonate_user: false,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    server_cert: null,
    changed_on: row.changed_on,
    created_on: row.created_on,
  };
}

/** A stored secret, or null when it is absent or sealed under another key (shown as unset). */
function readableOrNull(secrets: SecretBox, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return secrets.decrypt(sealed);
  } catch {
    return null;
  }
}

/** The form's values read back from the stored URI; the password, if any, as the mask. */
function formParameters(
  spec: EngineSpec | undefined,
  storedUri: string,
  hasPassword: boolean,
): Record<string, unknown> {
  if (!spec || spec.parameters.length === 0) return {};
  let values: Record<string, unknown>;
  try {
    values = { ...spec.parseUri(storedUri) };
  } catch {
    return {};
  }
  for (const field of spec.parameters) {
    if (field.type !== 'password') continue;
    if (hasPassword) values[field.name] = PASSWORD_MASK;
    else delete values[field.name];
  }
  return values;
}
