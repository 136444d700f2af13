import {
  type ConfigurationMethod,
  type DatabaseUpdateBody,
  INVALID_URI_MESSAGE,
  PASSWORD_MASK,
} from '@tessera/shared/api/databases';
import { TesseraError } from '@tessera/shared/errors';
import type { EngineSpec } from '../engines/types.ts';
import type { Config } from '../platform/config.ts';
import type { Actor } from '../security/actor.ts';
import { parseExtra, type StoredConnection, safeGetSpec, specForUri } from './connections.ts';
import { DATABASE_FLAGS, type DatabaseWrite, databaseRepository } from './repository.ts';
import { assertSafeConnection } from './unsafe.ts';
import { hasValidScheme, splitUri, stripPassword } from './uri.ts';

/**
 * Turns a create/update/test_connection body into what is stored and what an engine needs.
 * Rules: the password never stays in the stored URI; the mask (`XXXXXXXXXX`) in a URI, a form
 * password or an encrypted-extra value means "keep what is stored"; with the form
 * (`dynamic_form`) the URI is built by the engine from `engine` + `parameters`.
 */

export interface ResolvedConnection {
  spec: EngineSpec;
  /** Without its password. */
  uri: string;
  password: string | null;
  configurationMethod: ConfigurationMethod;
}

const MISSING = 'Missing data for required field.';

function fieldError(fields: Record<string, string[]>): TesseraError {
  return new TesseraError(400, 'Invalid input', { fields });
}

/**
 * Resolves the connection of a body. `stored` is the database being edited (or named by a
 * test_connection body); with none, a masked password has nothing to stand for and is refused.
 * Returns null when the body touches no connection setting and there is a stored one.
 */
export function resolveConnection(
  body: DatabaseUpdateBody,
  stored: StoredConnection | null,
): ResolvedConnection | null {
  const method: ConfigurationMethod =
    body.configuration_method ??
    (!body.sqlalchemy_uri && body.parameters ? 'dynamic_form' : 'sqlalchemy_form');
  if (method === 'dynamic_form') return fromParameters(body, stored);
  if (!body.sqlalchemy_uri) {
    if (stored) return null;
    throw fieldError({ sqlalchemy_uri: [MISSING] });
  }
  const uri = body.sqlalchemy_uri.trim();
  if (!hasValidScheme(uri)) throw fieldError({ sqlalchemy_uri: [INVALID_URI_MESSAGE] });
  const spec = specForUri(uri);
  if (!spec) {
    const backend = splitUri(uri)?.backend ?? uri;
    throw fieldError({ sqlalchemy_uri: [`Could not load database driver: ${backend}`] });
  }
  const stripped = stripPassword(uri);
  return {
    spec,
    uri: stripped.uri,
    password: keepOrReplace(stripped.password, stored, 'sqlalchemy_uri'),
    configurationMethod: 'sqlalchemy_form',
  };
}

function keepOrReplace(
  password: string | null,
  stored: StoredConnection | null,
  field: string,
): string | null {
  if (password !== PASSWORD_MASK) return password;
  if (stored) return stored.password;
  throw fieldError({ [field]: ['Must provide a password for the database'] });
}

function fromParameters(
  body: DatabaseUpdateBody,
  stored: StoredConnection | null,
): ResolvedConnection {
  const engine = body.engine ?? stored?.engine;
  if (!engine) throw fieldError({ engine: [MISSING] });
  const spec = safeGetSpec(engine);
  if (!spec) throw fieldError({ engine: [`Engine "${engine}" is not a valid engine.`] });
  if (spec.parameters.length === 0) {
    throw fieldError({
      configuration_method: [`Engine "${engine}" has no connection form; use a SQLAlchemy URI.`],
    });
  }
  if (!body.parameters) throw fieldError({ parameters: [MISSING] });
  const values: Record<string, unknown> = { ...body.parameters };
  for (const field of spec.parameters) {
    if (field.type === 'password' && values[field.name] === PASSWORD_MASK) {
      values[field.name] =
        keepOrReplace(PASSWORD_MASK, stored, `parameters.${field.name}`) ?? undefined;
    }
  }
  const parsed = spec.parametersSchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = ['parameters', ...issue.path.map(String)].join('.');
      fields[key] ??= [];
      fields[key].push(/received undefined/i.test(issue.message) ? MISSING : issue.message);
    }
    throw fieldError(fields);
  }
  let built: string;
  try {
    built = spec.buildUri(parsed.data);
  } catch (error) {
    const message =
      error instanceof TesseraError ? error.message : 'The connection parameters are not valid.';
    throw fieldError({ parameters: [message] });
  }
  const stripped = stripPassword(built);
  return {
    spec,
    uri: stripped.uri,
    password: stripped.password,
    configurationMethod: 'dynamic_form',
  };
}

/**
 * The `extra` text to store: the body's (or the stored) text, with a top-level
 * `disable_data_preview` folded in where Superset keeps it.
 */
export function resolveExtra(body: DatabaseUpdateBody, storedExtra: string | null): string {
  const text =
    body.extra !== undefined && body.extra.trim() !== '' ? body.extra : (storedExtra ?? '{}');
  if (body.disable_data_preview === undefined) return text;
  const extra = parseExtra(text);
  extra.disable_data_preview = body.disable_data_preview;
  return JSON.stringify(extra);
}

/**
 * The encrypted extra to store, as plain JSON text (the service encrypts it): values sent as the
 * mask are taken from the stored document. `undefined` means unchanged.
 */
export function resolveEncryptedExtra(
  body: DatabaseUpdateBody,
  storedPlain: string | null,
): string | null | undefined {
  if (body.masked_encrypted_extra === undefined) return undefined;
  if (body.masked_encrypted_extra === null || body.masked_encrypted_extra.trim() === '')
    return null;
  const incoming = parseExtra(body.masked_encrypted_extra);
  const stored = parseExtra(storedPlain);
  for (const [key, value] of Object.entries(incoming)) {
    if (value === PASSWORD_MASK) incoming[key] = stored[key] ?? null;
  }
  return JSON.stringify(incoming);
}

/** The option fields of a body, as stored; only those present in the body. */
export function optionFields(body: DatabaseUpdateBody): Partial<DatabaseWrite> {
  const out: Partial<DatabaseWrite> = {};
  if (body.database_name !== undefined) out.database_name = body.database_name;
  for (const key of DATABASE_FLAGS) {
    if (body[key] !== undefined) out[key] = body[key];
  }
  if (body.force_ctas_schema !== undefined)
    out.force_ctas_schema = body.force_ctas_schema?.trim() || null;
  if (body.cache_timeout !== undefined) out.cache_timeout = body.cache_timeout;
  if (body.is_managed_externally !== undefined)
    out.is_managed_externally = Boolean(body.is_managed_externally);
  if (body.external_url !== undefined) out.external_url = body.external_url;
  return out;
}

/** Superset's defaults for a new database. */
export const CREATE_DEFAULTS = {
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  force_ctas_schema: null,
  cache_timeout: null,
  is_managed_externally: false,
  external_url: null,
} satisfies Partial<DatabaseWrite>;

/**
 * The one way a database row is created, by the API, the bundle importer and the example loader
 * alike: the unsafe-engine rule (PREVENT_UNSAFE_DB_CONNECTIONS) holds for the actor it runs as,
 * and the audit columns record that actor.
 */
export async function insertDatabase(
  db: Parameters<typeof databaseRepository.insert>[0],
  config: Pick<Config, 'preventUnsafeDbConnections'>,
  actor: Actor,
  write: DatabaseWrite,
): Promise<number> {
  const spec = safeGetSpec(write.engine);
  assertSafeConnection(config, actor, spec ?? { engine: write.engine, name: write.engine });
  return databaseRepository.insert(db, write, actor);
}
