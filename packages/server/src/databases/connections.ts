import { notFound, TesseraError } from '@tessera/shared/errors';
import { engineSpecForUri, getEngineSpec } from '../engines/registry.ts';
import type { EngineConnection, EngineSpec } from '../engines/types.ts';
import type { Config } from '../platform/config.ts';
import type { MetadataStore } from '../platform/metadata/store.ts';
import { SecretBox } from '../platform/secrets.ts';
import type { ActorLog } from '../security/actor.ts';
import { type DatabaseRow, databaseRepository } from './repository.ts';
import { scrubSecret } from './uri.ts';

/** What an engine needs to open a connection; the password travels apart from the URI. */
export interface ConnectionSettings {
  spec: EngineSpec;
  /** The URI without its password. */
  uri: string;
  password: string | null;
  extra: Record<string, unknown>;
}

interface CachedConnection {
  /** `changed_on` of the row the connection was opened from: a newer row means reopen. */
  version: string;
  connection: Promise<EngineConnection>;
}

/**
 * Decrypts a stored secret. A value sealed under another TESSERA_SECRET_KEY cannot be read: the
 * caller is told so instead of getting a bare 500.
 */
export function decryptSecret(secrets: SecretBox, sealed: string): string {
  try {
    return secrets.decrypt(sealed);
  } catch {
    throw new TesseraError(
      422,
      'A stored secret of this database cannot be decrypted; was TESSERA_SECRET_KEY changed? Enter the password again.',
      {
        errorType: 'GENERIC_DB_ENGINE_ERROR',
      },
    );
  }
}

/** The stored connection of a row, its secrets decrypted. */
export interface StoredConnection {
  engine: string;
  /** Without its password. */
  uri: string;
  password: string | null;
  configurationMethod: string;
  /** The encrypted extra as plain JSON text. */
  encryptedExtra: string | null;
}

export function storedConnection(row: DatabaseRow, secrets: SecretBox): StoredConnection {
  return {
    engine: row.engine,
    uri: row.sqlalchemy_uri,
    password: row.password ? decryptSecret(secrets, row.password) : null,
    configurationMethod: row.configuration_method,
    encryptedExtra: row.encrypted_extra ? decryptSecret(secrets, row.encrypted_extra) : null,
  };
}

/** Reads a row's connection settings, decrypting what is encrypted. */
export function settingsFromRow(row: DatabaseRow, secrets: SecretBox): ConnectionSettings {
  const spec = lookupSpec(row.engine);
  const stored = storedConnection(row, secrets);
  return {
    spec,
    uri: stored.uri,
    password: stored.password,
    extra: connectionExtra(row.extra, stored.encryptedExtra),
  };
}

export function lookupSpec(engine: string): EngineSpec {
  const spec = safeGetSpec(engine);
  if (!spec) {
    throw new TesseraError(422, `Could not load database driver: ${engine}`, {
      errorType: 'GENERIC_DB_ENGINE_ERROR',
    });
  }
  return spec;
}

/** The engine of that key, or undefined when there is none. */
export function safeGetSpec(engine: string): EngineSpec | undefined {
  return orUndefined(() => getEngineSpec(engine));
}

/** The engine serving a URI's scheme, or undefined when none does (or it is no URI). */
export function specForUri(uri: string): EngineSpec | undefined {
  return orUndefined(() => engineSpecForUri(uri));
}

function orUndefined<T>(lookup: () => T): T | undefined {
  try {
    return lookup() ?? undefined;
  } catch {
    return undefined;
  }
}

/** `extra` as the engine sees it, with the (decrypted) encrypted extra under its own key. */
export function connectionExtra(
  extraText: string,
  encryptedPlain: string | null,
): Record<string, unknown> {
  const extra = parseExtra(extraText);
  if (encryptedPlain) extra.encrypted_extra = parseExtra(encryptedPlain);
  return extra;
}

/** JSON text holding an object (`extra` and the like) as an object; `{}` for anything else. */
export function parseExtra(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Opens a connection and turns any failure into a TesseraError fit to show: an engine's own
 * structured error keeps its type and message (with the password scrubbed out in case a driver
 * echoed it); anything else becomes a generic message with no driver text at all.
 */
export async function openConnection(
  settings: ConnectionSettings,
  home: string,
): Promise<EngineConnection> {
  try {
    return await settings.spec.connect(settings.uri, {
      password: settings.password,
      extra: settings.extra,
      home,
    });
  } catch (error) {
    throw sanitizeConnectionError(error, settings.password);
  }
}

/** Opens a connection for test_connection, checks it and closes it again. */
export async function testConnection(settings: ConnectionSettings, home: string): Promise<void> {
  const connection = await openConnection(settings, home);
  try {
    await connection.testConnection();
  } catch (error) {
    throw sanitizeConnectionError(error, settings.password);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

export function sanitizeConnectionError(error: unknown, password: string | null): TesseraError {
  if (error instanceof TesseraError) {
    const message = scrubSecret(error.message, password);
    if (message === error.message) return error;
    return new TesseraError(error.status, message, {
      errorType: error.errorType,
      level: error.level,
      extra: error.extra,
      fields: error.fields,
    });
  }
  return new TesseraError(422, 'Connection failed, please check your connection settings', {
    errorType: 'GENERIC_DB_ENGINE_ERROR',
  });
}

/**
 * One pooled EngineConnection per database id, opened on first use. Each `get` compares the
 * row's `changed_on` with the cached one, so an edit made by another process also reopens.
 */
export class ConnectionManager {
  private readonly cache = new Map<number, CachedConnection>();
  private readonly secrets: SecretBox;

  constructor(
    private readonly config: Config,
    private readonly store: MetadataStore,
    private readonly logger: ActorLog,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  async get(databaseId: number): Promise<EngineConnection> {
    const row = await databaseRepository.get(this.store.db, databaseId);
    if (!row) {
      await this.invalidate(databaseId);
      throw notFound();
    }
    return this.forRow(row);
  }

  /** As `get`, for a caller that already read the row. */
  async forRow(row: DatabaseRow): Promise<EngineConnection> {
    const cached = this.cache.get(row.id);
    if (cached && cached.version === row.changed_on) return cached.connection;
    if (cached) await this.invalidate(row.id);
    const connection = openConnection(settingsFromRow(row, this.secrets), this.config.home);
    this.cache.set(row.id, { version: row.changed_on, connection });
    // A failed open must not stay cached: the next call tries again.
    connection.catch(() => {
      if (this.cache.get(row.id)?.connection === connection) this.cache.delete(row.id);
    });
    return connection;
  }

  async invalidate(databaseId: number): Promise<void> {
    const cached = this.cache.get(databaseId);
    if (!cached) return;
    this.cache.delete(databaseId);
    await closeQuietly(cached.connection, this.logger, databaseId);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.cache.entries()];
    this.cache.clear();
    await Promise.all(
      entries.map(([id, cached]) => closeQuietly(cached.connection, this.logger, id)),
    );
  }
}

async function closeQuietly(
  connection: Promise<EngineConnection>,
  logger: ActorLog,
  databaseId: number,
): Promise<void> {
  try {
    await (await connection).close();
  } catch (error) {
    // Only the id and the error's class are logged: driver messages may carry connection details.
    logger.warn(
      { databaseId, error: (error as Error)?.name },
      'closing a database connection failed',
    );
  }
}
