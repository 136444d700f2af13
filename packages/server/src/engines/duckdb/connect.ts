import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBValue,
  type Json,
} from '@duckdb/node-api';
import { TesseraError } from '@tessera/shared/errors';
import { filePathFromUri, MEMORY_PATH } from '../fileEngine.ts';
import { ResourcePool } from '../pool.ts';
import { mapDuckdbConnectError, mapDuckdbError } from './errors.ts';

/**
 * A DuckDB file may be opened read-write by one process only, and twice in one process only
 * through the same instance: every connection to a path shares one instance, closed with the
 * last user.
 */
const instances = new Map<string, { instance: Promise<DuckDBInstance>; users: number }>();

export async function acquireDuckdbInstance(
  path: string,
  options?: Record<string, string>,
): Promise<DuckDBInstance> {
  if (path === MEMORY_PATH) return DuckDBInstance.create(MEMORY_PATH, options);
  let entry = instances.get(path);
  if (!entry) {
    const instance = DuckDBInstance.create(path, options);
    entry = { instance, users: 0 };
    instances.set(path, entry);
    instance.catch(() => instances.delete(path));
  }
  entry.users += 1;
  try {
    return await entry.instance;
  } catch (error) {
    entry.users -= 1;
    throw mapDuckdbConnectError(error, path);
  }
}

export function releaseDuckdbInstance(path: string, instance: DuckDBInstance): void {
  if (path === MEMORY_PATH) {
    instance.closeSync();
    return;
  }
  const entry = instances.get(path);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users <= 0) {
    instances.delete(path);
    instance.closeSync();
  }
}

/**
 * `duckdb:///relative/file.duckdb` is relative to TESSERA_HOME, `duckdb:////abs/file.duckdb` is
 * absolute (SQLAlchemy's convention); `duckdb:///:memory:` or `duckdb://` is in memory.
 */
export function duckdbPathFromUri(
  uri: string,
  home: string,
): { path: string; options: Record<string, string> } {
  const { path, query } = filePathFromUri(uri, home, 'duckdb', invalidUri);
  return {
    path,
    // SQL must not reach the server's files (read_csv, read_text, ATTACH, COPY ... TO), whatever
    // the URI asks for: only the database file itself is opened.
    options: { ...Object.fromEntries(new URLSearchParams(query)), enable_external_access: 'false' },
  };
}

function invalidUri(): TesseraError {
  return new TesseraError(400, 'Invalid DuckDB URI: expected duckdb:///path/to/file.duckdb', {
    errorType: 'GENERIC_DB_ENGINE_ERROR',
  });
}

const POOL_SIZE = 4;

const locked = new WeakMap<DuckDBInstance, Promise<void>>();

/**
 * Every connection SQL Lab and charts use comes from a session, so once the instance's own
 * settings are made (at creation: `enable_external_access` and the URI's), they are locked: no
 * statement can change a global setting (`SET GLOBAL memory_limit`, `PRAGMA threads`) or unlock
 * them again. Session settings such as `search_path` stay free, as the executor needs them.
 * Locked once per instance; sessions opening together share the one lock.
 */
function lockConfiguration(instance: DuckDBInstance): Promise<void> {
  let done = locked.get(instance);
  if (!done) {
    done = (async () => {
      const connection = await instance.connect();
      try {
        const reader = await connection.runAndReadAll(
          "SELECT current_setting('lock_configuration') AS locked",
        );
        if (reader.getRowObjectsJson()[0]?.locked !== true) {
          await connection.run('SET lock_configuration = true');
        }
      } finally {
        connection.closeSync();
      }
    })();
    locked.set(instance, done);
    done.catch(() => locked.delete(instance));
  }
  return done;
}

/** One opened DuckDB database: the shared instance and a small pool of its connections. */
export class DuckdbSession {
  readonly pool: ResourcePool<DuckDBConnection>;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly instance: DuckDBInstance,
  ) {
    this.pool = new ResourcePool(
      () => instance.connect(),
      (connection) => connection.closeSync(),
      POOL_SIZE,
    );
  }

  static async open(uri: string, home: string): Promise<DuckdbSession> {
    const { path, options } = duckdbPathFromUri(uri, home);
    const instance = await acquireDuckdbInstance(path, options);
    try {
      await lockConfiguration(instance);
    } catch (error) {
      releaseDuckdbInstance(path, instance);
      throw mapDuckdbConnectError(error, path);
    }
    return new DuckdbSession(path, instance);
  }

  /** Small catalog reads: materialised as JSON-safe row objects. */
  async query(sql: string, params: DuckDBValue[] = []): Promise<Array<Record<string, Json>>> {
    try {
      return await this.pool.use(async (connection) => {
        const reader = await connection.runAndReadAll(sql, params);
        return reader.getRowObjectsJson();
      });
    } catch (error) {
      throw mapDuckdbError(error);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.close();
    releaseDuckdbInstance(this.path, this.instance);
  }
}
