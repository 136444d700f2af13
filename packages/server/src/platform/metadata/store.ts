import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile } from '../privateFiles.ts';
import { MetadataChanges, watchChanges } from './changes.ts';
import { migrations } from './migrations/index.ts';
import type { MetadataTables } from './tables.ts';

export type StoreDialect = 'sqlite' | 'postgres';

export interface MetadataStore {
  db: Kysely<MetadataTables>;
  dialect: StoreDialect;
  /** Moves on every change this process makes (memos of metadata reload then); see changes.ts. */
  changes?: MetadataChanges;
  close(): Promise<void>;
}

/**
 * Opens the metadata store: PostgreSQL when a URL is given, else a SQLite file under home.
 * Booleans are stored as 0/1 integers and times as ISO-8601 text on both, so every repository
 * reads the same shapes whichever store is behind it.
 */
export function openMetadataStore(options: {
  home: string;
  databaseUrl: string | null;
}): MetadataStore {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose server connection ends (a restart, an administrator's terminate) is
    // dropped by the pool and replaced at the next checkout; without a listener the pool's
    // 'error' event would crash the process instead.
    pool.on('error', () => undefined);
    const changes = new MetadataChanges();
    const db = new Kysely<MetadataTables>({
      dialect: watchChanges(new PostgresDialect({ pool }), changes),
    });
    return { db, dialect: 'postgres', changes, close: () => db.destroy() };
  }
  const file = path.join(options.home, 'tessera.db');
  // Sessions and password hashes live here: created 0600 before SQLite would use the umask.
  ensurePrivateDir(options.home);
  ensurePrivateFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const changes = new MetadataChanges();
  const db = new Kysely<MetadataTables>({
    dialect: watchChanges(new SqliteDialect({ database: sqlite }), changes),
  });
  return { db, dialect: 'sqlite', changes, close: () => db.destroy() };
}

export async function migrateToLatest(store: MetadataStore): Promise<string[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrations(store.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export const nowIso = () => new Date().toISOString();
export const toBool = (value: number | boolean | null | undefined) => Boolean(value);
export const fromBool = (value: boolean | undefined | null) => (value ? 1 : 0);
