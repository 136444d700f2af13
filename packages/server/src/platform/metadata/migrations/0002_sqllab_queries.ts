import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import {
  type AnyDb,
  belongsTo,
  createIndex,
  dropTables,
  flag,
  notNull,
  textOr,
  uniqueValue,
  userRef,
  withId,
} from './columns.ts';

/**
 * SQL Lab query runs (Superset's Query model) and the key-value store behind permalinks.
 * Times in milliseconds are doubles (Superset keeps them as Numeric); `heartbeat_ms` is the
 * lease of the process holding a pending or running query, so a sweep can fail the ones whose
 * process died.
 */
export function sqllabQueriesMigration(dialect: StoreDialect): Migration {
  const ms = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('query'), dialect)
        .addColumn('client_id', 'varchar(11)', uniqueValue)
        .addColumn('database_id', 'integer', belongsTo('dbs.id'))
        .addColumn('tmp_table_name', 'varchar(256)')
        .addColumn('tmp_schema_name', 'varchar(256)')
        .addColumn('user_id', 'integer', userRef)
        .addColumn('status', 'varchar(16)', notNull)
        .addColumn('tab_name', 'varchar(256)')
        .addColumn('sql_editor_id', 'varchar(256)')
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('sql', 'text', notNull)
        .addColumn('select_sql', 'text')
        .addColumn('executed_sql', 'text')
        .addColumn('limit', 'integer')
        .addColumn('limiting_factor', 'varchar(32)', textOr('UNKNOWN'))
        .addColumn('select_as_cta', 'integer', flag(0))
        .addColumn('select_as_cta_used', 'integer', flag(0))
        .addColumn('ctas_method', 'varchar(16)', textOr('TABLE'))
        .addColumn('progress', 'integer', flag(0))
        .addColumn('rows', 'integer')
        .addColumn('error_message', 'text')
        .addColumn('results_key', 'varchar(64)')
        .addColumn('start_time', ms)
        .addColumn('start_running_time', ms)
        .addColumn('end_time', ms)
        .addColumn('end_result_backend_time', ms)
        .addColumn('tracking_url', 'text')
        .addColumn('changed_on', 'varchar(32)', notNull)
        .addColumn('extra_json', 'text', textOr('{}'))
        .addColumn('heartbeat_ms', ms)
        .execute();
      await createIndex(db, 'query_user_changed_idx', 'query', ['user_id', 'changed_on']);
      await createIndex(db, 'query_status_idx', 'query', ['status']);
      await createIndex(db, 'query_results_key_idx', 'query', ['results_key']);

      await withId(db.schema.createTable('key_value'), dialect)
        .addColumn('resource', 'varchar(32)', notNull)
        .addColumn('value', 'text', notNull)
        .addColumn('uuid', 'varchar(36)', uniqueValue)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('expires_on', 'varchar(32)')
        .execute();
    },
    async down(db: AnyDb) {
      await dropTables(db, ['key_value', 'query']);
    },
  };
}
