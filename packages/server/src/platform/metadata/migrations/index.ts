import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import { platformMigration } from './0001_platform.ts';

/** Numbered migrations: never edited after they land; a change is a new file. */
export function migrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_platform': platformMigration(dialect),
  };
}
