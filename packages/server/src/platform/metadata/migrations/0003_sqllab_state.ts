import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import {
  type AnyDb,
  audited,
  belongsTo,
  createIndex,
  dropTables,
  flag,
  notNull,
  optionallyBelongsTo,
  pointsTo,
  textOr,
  timestamps,
  uniqueValue,
  withId,
} from './columns.ts';

/**
 * SQL Lab's persisted state: saved queries, server-side editor tabs and the table schemas shown
 * in a tab. Deleting a user or a database takes their tabs and saved queries with it; deleting a
 * saved query only unlinks the tabs that pointed at it. `latest_query_id` is the client id of a
 * row in `query` (migration 0002) and is kept as plain text so the two stay independent.
 */
export function sqllabStateMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await audited(
        withId(db.schema.createTable('saved_query'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('user_id', 'integer', optionallyBelongsTo('ab_user.id'))
          .addColumn('db_id', 'integer', optionallyBelongsTo('dbs.id'))
          .addColumn('catalog', 'varchar(256)')
          .addColumn('schema', 'varchar(128)')
          .addColumn('label', 'varchar(256)', notNull)
          .addColumn('description', 'text', textOr(''))
          .addColumn('sql', 'text', textOr(''))
          .addColumn('template_parameters', 'text')
          .addColumn('extra_json', 'text', textOr('{}'))
          .addColumn('rows', 'integer')
          .addColumn('last_run', 'varchar(32)'),
      ).execute();
      await createIndex(db, 'saved_query_user_idx', 'saved_query', ['user_id']);

      await timestamps(
        withId(db.schema.createTable('tab_state'), dialect)
          .addColumn('user_id', 'integer', belongsTo('ab_user.id'))
          .addColumn('label', 'varchar(256)', notNull)
          .addColumn('active', 'integer', flag(0))
          .addColumn('database_id', 'integer', optionallyBelongsTo('dbs.id'))
          .addColumn('catalog', 'varchar(256)')
          .addColumn('schema', 'varchar(256)')
          .addColumn('sql', 'text', textOr(''))
          .addColumn('query_limit', 'integer')
          .addColumn('latest_query_id', 'varchar(11)')
          .addColumn('autorun', 'integer', flag(0))
          .addColumn('template_params', 'text')
          .addColumn('hide_left_bar', 'integer', flag(0))
          .addColumn('saved_query_id', 'integer', pointsTo('saved_query.id'))
          .addColumn('extra_json', 'text', textOr('{}')),
      ).execute();
      await createIndex(db, 'tab_state_user_idx', 'tab_state', ['user_id']);

      await timestamps(
        withId(db.schema.createTable('table_schema'), dialect)
          .addColumn('tab_state_id', 'integer', belongsTo('tab_state.id'))
          .addColumn('database_id', 'integer', belongsTo('dbs.id'))
          .addColumn('catalog', 'varchar(256)')
          .addColumn('schema', 'varchar(256)')
          .addColumn('table', 'varchar(256)', notNull)
          .addColumn('description', 'text', textOr('{}'))
          .addColumn('expanded', 'integer', flag(1)),
      ).execute();
      await createIndex(db, 'table_schema_tab_idx', 'table_schema', ['tab_state_id']);
    },
    async down(db: AnyDb) {
      await dropTables(db, ['table_schema', 'tab_state', 'saved_query']);
    },
  };
}
