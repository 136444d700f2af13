import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';

// Migrations never import application code: the table shapes are written out as they were.
type AnyDb = Kysely<Record<string, never>>;

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: StoreDialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (fallback: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(fallback);

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
        .addColumn('client_id', 'varchar(11)', (c) => c.notNull().unique())
        .addColumn('database_id', 'integer', (c) =>
          c.notNull().references('dbs.id').onDelete('cascade'),
        )
        .addColumn('tmp_table_name', 'varchar(256)')
        .addColumn('tmp_schema_name', 'varchar(256)')
        .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('status', 'varchar(16)', notNull)
        .addColumn('tab_name', 'varchar(256)')
        .addColumn('sql_editor_id', 'varchar(256)')
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('sql', 'text', notNull)
        .addColumn('select_sql', 'text')
        .addColumn('executed_sql', 'text')
        .addColumn('limit', 'integer')
        .addColumn('limiting_factor', 'varchar(32)', (c) => c.notNull().defaultTo('UNKNOWN'))
        .addColumn('select_as_cta', 'integer', flag(0))
        .addColumn('select_as_cta_used', 'integer', flag(0))
        .addColumn('ctas_method', 'varchar(16)', (c) => c.notNull().defaultTo('TABLE'))
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
        .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('heartbeat_ms', ms)
        .execute();
      await db.schema
        .createIndex('query_user_changed_idx')
        .on('query')
        .columns(['user_id', 'changed_on'])
        .execute();
      await db.schema.createIndex('query_status_idx').on('query').column('status').execute();
      await db.schema
        .createIndex('query_results_key_idx')
        .on('query')
        .column('results_key')
        .execute();

      await withId(db.schema.createTable('key_value'), dialect)
        .addColumn('resource', 'varchar(32)', notNull)
        .addColumn('value', 'text', notNull)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('created_by_fk', 'integer', (c) =>
          c.references('ab_user.id').onDelete('set null'),
        )
        .addColumn('expires_on', 'varchar(32)')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('key_value').execute();
      await db.schema.dropTable('query').execute();
    },
  };
}
