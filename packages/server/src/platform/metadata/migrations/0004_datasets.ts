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
const userRef = (c: ColumnDefinitionBuilder) => c.references('ab_user.id').onDelete('set null');

/**
 * Datasets (Superset's `tables`, `table_columns`, `sql_metrics` and owners), row-level security
 * rules and annotation layers. Deleting a database cascades to its datasets, and a dataset to
 * its columns, metrics, owners and RLS links.
 */
export function datasetsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('tables'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('database_id', 'integer', (c) =>
          c.notNull().references('dbs.id').onDelete('cascade'),
        )
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(255)')
        .addColumn('table_name', 'varchar(250)', notNull)
        .addColumn('sql', 'text')
        .addColumn('main_dttm_col', 'varchar(250)')
        .addColumn('default_endpoint', 'text')
        .addColumn('offset', 'integer', flag(0))
        .addColumn('cache_timeout', 'integer')
        .addColumn('description', 'text')
        .addColumn('is_sqllab_view', 'integer', flag(0))
        .addColumn('template_params', 'text')
        .addColumn('extra', 'text')
        .addColumn('filter_select_enabled', 'integer', flag(1))
        .addColumn('fetch_values_predicate', 'text')
        .addColumn('normalize_columns', 'integer', flag(0))
        .addColumn('always_filter_main_dttm', 'integer', flag(0))
        .addColumn('is_managed_externally', 'integer', flag(0))
        .addColumn('external_url', 'text')
        .addColumn('currency_code_column', 'varchar(250)')
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
      await db.schema
        .createIndex('tables_location_idx')
        .on('tables')
        .columns(['database_id', 'table_name'])
        .execute();

      await withId(db.schema.createTable('table_columns'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('table_id', 'integer', (c) =>
          c.notNull().references('tables.id').onDelete('cascade'),
        )
        .addColumn('column_name', 'varchar(255)', notNull)
        .addColumn('verbose_name', 'varchar(1024)')
        .addColumn('type', 'text')
        .addColumn('is_dttm', 'integer', flag(0))
        .addColumn('groupby', 'integer', flag(1))
        .addColumn('filterable', 'integer', flag(1))
        .addColumn('expression', 'text')
        .addColumn('description', 'text')
        .addColumn('python_date_format', 'varchar(255)')
        .addColumn('advanced_data_type', 'varchar(255)')
        .addColumn('extra', 'text')
        .addColumn('is_active', 'integer', flag(1))
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .addUniqueConstraint('table_columns_name_unique', ['table_id', 'column_name'])
        .execute();

      await withId(db.schema.createTable('sql_metrics'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('table_id', 'integer', (c) =>
          c.notNull().references('tables.id').onDelete('cascade'),
        )
        .addColumn('metric_name', 'varchar(255)', notNull)
        .addColumn('verbose_name', 'varchar(1024)')
        .addColumn('metric_type', 'varchar(32)')
        .addColumn('expression', 'text', notNull)
        .addColumn('description', 'text')
        .addColumn('d3format', 'varchar(128)')
        .addColumn('currency', 'text')
        .addColumn('warning_text', 'text')
        .addColumn('extra', 'text')
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .addUniqueConstraint('sql_metrics_name_unique', ['table_id', 'metric_name'])
        .execute();

      await withId(db.schema.createTable('dataset_owners'), dialect)
        .addColumn('dataset_id', 'integer', (c) =>
          c.notNull().references('tables.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('ab_user.id').onDelete('cascade'),
        )
        .addUniqueConstraint('dataset_owners_unique', ['dataset_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('row_level_security_filters'), dialect)
        .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('filter_type', 'varchar(255)', notNull)
        .addColumn('group_key', 'varchar(255)')
        .addColumn('clause', 'text', notNull)
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('rls_filter_roles'), dialect)
        .addColumn('rls_filter_id', 'integer', (c) =>
          c.notNull().references('row_level_security_filters.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('ab_role.id').onDelete('cascade'),
        )
        .addUniqueConstraint('rls_filter_roles_unique', ['rls_filter_id', 'role_id'])
        .execute();

      await withId(db.schema.createTable('rls_filter_tables'), dialect)
        .addColumn('rls_filter_id', 'integer', (c) =>
          c.notNull().references('row_level_security_filters.id').onDelete('cascade'),
        )
        .addColumn('table_id', 'integer', (c) =>
          c.notNull().references('tables.id').onDelete('cascade'),
        )
        .addUniqueConstraint('rls_filter_tables_unique', ['rls_filter_id', 'table_id'])
        .execute();

      await withId(db.schema.createTable('annotation_layer'), dialect)
        .addColumn('name', 'varchar(250)', notNull)
        .addColumn('descr', 'text')
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('annotation'), dialect)
        .addColumn('layer_id', 'integer', (c) =>
          c.notNull().references('annotation_layer.id').onDelete('cascade'),
        )
        .addColumn('start_dttm', 'varchar(32)')
        .addColumn('end_dttm', 'varchar(32)')
        .addColumn('short_descr', 'varchar(500)')
        .addColumn('long_descr', 'text')
        .addColumn('json_metadata', 'text')
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'annotation',
        'annotation_layer',
        'rls_filter_tables',
        'rls_filter_roles',
        'row_level_security_filters',
        'dataset_owners',
        'sql_metrics',
        'table_columns',
        'tables',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
