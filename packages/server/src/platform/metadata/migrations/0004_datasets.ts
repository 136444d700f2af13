import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import {
  type AnyDb,
  audited,
  belongsTo,
  createIndex,
  createLink,
  dropTables,
  flag,
  notNull,
  timestamps,
  uniqueValue,
  withId,
} from './columns.ts';

/**
 * Datasets (Superset's `tables`, `table_columns`, `sql_metrics` and owners), row-level security
 * rules and annotation layers. Deleting a database cascades to its datasets, and a dataset to
 * its columns, metrics, owners and RLS links.
 */
export function datasetsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await audited(
        withId(db.schema.createTable('tables'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('database_id', 'integer', belongsTo('dbs.id'))
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
          .addColumn('currency_code_column', 'varchar(250)'),
      ).execute();
      await createIndex(db, 'tables_location_idx', 'tables', ['database_id', 'table_name']);

      await timestamps(
        withId(db.schema.createTable('table_columns'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('table_id', 'integer', belongsTo('tables.id'))
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
          .addColumn('is_active', 'integer', flag(1)),
      )
        .addUniqueConstraint('table_columns_name_unique', ['table_id', 'column_name'])
        .execute();

      await timestamps(
        withId(db.schema.createTable('sql_metrics'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('table_id', 'integer', belongsTo('tables.id'))
          .addColumn('metric_name', 'varchar(255)', notNull)
          .addColumn('verbose_name', 'varchar(1024)')
          .addColumn('metric_type', 'varchar(32)')
          .addColumn('expression', 'text', notNull)
          .addColumn('description', 'text')
          .addColumn('d3format', 'varchar(128)')
          .addColumn('currency', 'text')
          .addColumn('warning_text', 'text')
          .addColumn('extra', 'text'),
      )
        .addUniqueConstraint('sql_metrics_name_unique', ['table_id', 'metric_name'])
        .execute();

      await createLink(
        db,
        dialect,
        'dataset_owners',
        ['dataset_id', 'tables.id'],
        ['user_id', 'ab_user.id'],
      );

      await audited(
        withId(db.schema.createTable('row_level_security_filters'), dialect)
          .addColumn('name', 'varchar(255)', uniqueValue)
          .addColumn('description', 'text')
          .addColumn('filter_type', 'varchar(255)', notNull)
          .addColumn('group_key', 'varchar(255)')
          .addColumn('clause', 'text', notNull),
      ).execute();

      await createLink(
        db,
        dialect,
        'rls_filter_roles',
        ['rls_filter_id', 'row_level_security_filters.id'],
        ['role_id', 'ab_role.id'],
      );
      await createLink(
        db,
        dialect,
        'rls_filter_tables',
        ['rls_filter_id', 'row_level_security_filters.id'],
        ['table_id', 'tables.id'],
      );

      await audited(
        withId(db.schema.createTable('annotation_layer'), dialect)
          .addColumn('name', 'varchar(250)', notNull)
          .addColumn('descr', 'text'),
      ).execute();

      await audited(
        withId(db.schema.createTable('annotation'), dialect)
          .addColumn('layer_id', 'integer', belongsTo('annotation_layer.id'))
          .addColumn('start_dttm', 'varchar(32)')
          .addColumn('end_dttm', 'varchar(32)')
          .addColumn('short_descr', 'varchar(500)')
          .addColumn('long_descr', 'text')
          .addColumn('json_metadata', 'text'),
      ).execute();
    },
    async down(db: AnyDb) {
      await dropTables(db, [
        'annotation',
        'annotation_layer',
        'rls_filter_tables',
        'rls_filter_roles',
        'row_level_security_filters',
        'dataset_owners',
        'sql_metrics',
        'table_columns',
        'tables',
      ]);
    },
  };
}
