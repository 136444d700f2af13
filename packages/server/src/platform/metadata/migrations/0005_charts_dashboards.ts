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
  uniqueValue,
  userRef,
  withId,
} from './columns.ts';

/**
 * Charts (Superset's `slices` and their owners), dashboards (with their charts, owners and
 * roles), favourites (`favstar`, one table for charts and dashboards as Superset keeps it) and
 * CSS templates. A chart's datasource is not a foreign key: Superset keeps a chart whose dataset
 * is gone and shows it as broken.
 */
export function chartsDashboardsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await audited(
        withId(db.schema.createTable('slices'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('slice_name', 'varchar(250)', notNull)
          .addColumn('datasource_id', 'integer')
          .addColumn('datasource_type', 'varchar(200)')
          .addColumn('datasource_name', 'varchar(2000)')
          .addColumn('viz_type', 'varchar(250)', notNull)
          .addColumn('params', 'text')
          .addColumn('query_context', 'text')
          .addColumn('description', 'text')
          .addColumn('cache_timeout', 'integer')
          .addColumn('certified_by', 'text')
          .addColumn('certification_details', 'text')
          .addColumn('is_managed_externally', 'integer', flag(0))
          .addColumn('external_url', 'text')
          .addColumn('last_saved_at', 'varchar(32)')
          .addColumn('last_saved_by_fk', 'integer', userRef),
      ).execute();
      await createIndex(db, 'slices_datasource_idx', 'slices', [
        'datasource_type',
        'datasource_id',
      ]);

      await createLink(
        db,
        dialect,
        'slice_user',
        ['slice_id', 'slices.id'],
        ['user_id', 'ab_user.id'],
      );

      await audited(
        withId(db.schema.createTable('dashboards'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('dashboard_title', 'varchar(500)', notNull)
          .addColumn('slug', 'varchar(255)', (c) => c.unique())
          .addColumn('position_json', 'text')
          .addColumn('json_metadata', 'text')
          .addColumn('description', 'text')
          .addColumn('css', 'text')
          .addColumn('published', 'integer', flag(0))
          .addColumn('certified_by', 'text')
          .addColumn('certification_details', 'text')
          .addColumn('is_managed_externally', 'integer', flag(0))
          .addColumn('external_url', 'text'),
      ).execute();

      await createLink(
        db,
        dialect,
        'dashboard_slices',
        ['dashboard_id', 'dashboards.id'],
        ['slice_id', 'slices.id'],
      );
      await createIndex(db, 'dashboard_slices_slice_idx', 'dashboard_slices', ['slice_id']);
      await createLink(
        db,
        dialect,
        'dashboard_user',
        ['dashboard_id', 'dashboards.id'],
        ['user_id', 'ab_user.id'],
      );
      await createLink(
        db,
        dialect,
        'dashboard_roles',
        ['dashboard_id', 'dashboards.id'],
        ['role_id', 'ab_role.id'],
      );

      // Favourites of charts (`slice`) and dashboards (`Dashboard`), Superset's class names.
      await withId(db.schema.createTable('favstar'), dialect)
        .addColumn('user_id', 'integer', belongsTo('ab_user.id'))
        .addColumn('class_name', 'varchar(50)', notNull)
        .addColumn('obj_id', 'integer', notNull)
        .addColumn('dttm', 'varchar(32)', notNull)
        .addUniqueConstraint('favstar_unique', ['user_id', 'class_name', 'obj_id'])
        .execute();
      await createIndex(db, 'favstar_object_idx', 'favstar', ['class_name', 'obj_id']);

      await audited(
        withId(db.schema.createTable('css_templates'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('template_name', 'varchar(250)', notNull)
          .addColumn('css', 'text'),
      ).execute();
    },
    async down(db: AnyDb) {
      await dropTables(db, [
        'css_templates',
        'favstar',
        'dashboard_roles',
        'dashboard_user',
        'dashboard_slices',
        'dashboards',
        'slice_user',
        'slices',
      ]);
    },
  };
}
