import { TesseraError } from '@tessera/shared/errors';
import Database from 'better-sqlite3';
import { filePathFromUri, MEMORY_PATH } from '../fileEngine.ts';
import { ResourcePool } from '../pool.ts';
import { mapSqliteConnectError, mapSqliteError } from './errors.ts';

const POOL_SIZE = 4;

function invalid(): TesseraError {
  return new TesseraError(
    400,
    'Invalid SQLite URI: expected sqlite:////absolute/path.db or sqlite:///relative/path.db',
    {
      errorType: 'GENERIC_DB_ENGINE_ERROR',
    },
  );
}

/** `sqlite:////abs/file.db` absolute, `sqlite:///rel/file.db` relative to TESSERA_HOME. */
export function sqlitePathFromUri(uri: string, home: string): string {
  return filePathFromUri(uri, home, 'sqlite', invalid).path;
}

/**
 * better-sqlite3 is synchronous and one handle runs one statement at a time (an open iterator
 * blocks it), so streaming reads each take their own handle from a small pool.
 */
export class SqliteSession {
  readonly pool: ResourcePool<Database.Database>;

  private constructor(readonly path: string) {
    // An in-memory database exists once per handle, so it must not be spread over a pool.
    const size = path === MEMORY_PATH ? 1 : POOL_SIZE;
    this.pool = new ResourcePool(
      () => this.openHandle(),
      (handle) => {
        handle.close();
      },
      size,
    );
  }

  private openHandle(): Database.Database {
    try {
      const handle = new Database(this.path, { fileMustExist: this.path !== MEMORY_PATH });
      // Another writer (the examples loader, a user's tool) may hold the lock briefly.
      handle.pragma('busy_timeout = 5000');
      return handle;
    } catch (error) {
      throw mapSqliteConnectError(error, this.path);
    }
  }

  static async open(uri: string, home: string): Promise<SqliteSession> {
    const session = new SqliteSession(sqlitePathFromUri(uri, home));
    // Open one handle now so a missing file fails at connect time, not at the first query.
    const handle = await session.pool.acquire();
    session.pool.release(handle);
    return session;
  }

  /** Small catalog reads. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    try {
      return await this.pool.use((handle) => handle.prepare(sql).all(...params) as T[]);
    } catch (error) {
      throw mapSqliteError(error);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
