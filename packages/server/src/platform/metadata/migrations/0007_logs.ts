import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import { type AnyDb, createIndex, dropTables, notNull, userRef, withId } from './columns.ts';

/**
 * Superset's `logs` table: what users did (the client's batched events) and what failed on the
 * server. No foreign key to dashboards or charts: a log outlives what it mentions. Deleting a user
 * keeps their rows without the user. Indexed for the two reads: a user's recent activity and the
 * pruning of old rows.
 */
export function logsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('logs'), dialect)
        .addColumn('action', 'varchar(512)')
        .addColumn('user_id', 'integer', userRef)
        .addColumn('json', 'text')
        .addColumn('dttm', 'varchar(32)', notNull)
        .addColumn('dashboard_id', 'integer')
        .addColumn('slice_id', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('referrer', 'varchar(1024)')
        .execute();
      await createIndex(db, 'logs_user_dttm_idx', 'logs', ['user_id', 'dttm']);
      await createIndex(db, 'logs_dttm_idx', 'logs', ['dttm']);
    },
    async down(db: AnyDb) {
      await dropTables(db, ['logs']);
    },
  };
}
