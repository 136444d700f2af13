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
const ownerRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('ab_user.id').onDelete('cascade');

/**
 * Charts (Superset's `slices` and their owners), dashboards (with their charts, owners and
 * roles), favourites (`favstar`, one table for charts and dashboards as Superset keeps it) and
 * CSS templates. A chart's datasource is not a foreign key: Superset keeps a chart whose dataset
 * is gone and shows it as broken.
 */
export function chartsDashboardsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('slices'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
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
        .addColumn('last_saved_by_fk', 'integer', userRef)
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
      await db.schema
        .createIndex('slices_datasource_idx')
        .on('slices')
        .columns(['datasource_type', 'datasource_id'])
        .execute();

      await withId(db.schema.createTable('slice_user'), dialect)
        .addColumn('slice_id', 'integer', (c) =>
          c.notNull().references('slices.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', ownerRef)
        .addUniqueConstraint('slice_user_unique', ['slice_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('dashboards'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
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
        .addColumn('external_url', 'text')
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('dashboard_slices'), dialect)
        .addColumn('dashboard_id', 'integer', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('slice_id', 'integer', (c) =>
          c.notNull().references('slices.id').onDelete('cascade'),
        )
        .addUniqueConstraint('dashboard_slices_unique', ['dashboard_id', 'slice_id'])
        .execute();
      await db.schema
        .createIndex('dashboard_slices_slice_idx')
        .on('dashboard_slices')
        .column('slice_id')
        .execute();

      await withId(db.schema.createTable('dashboard_user'), dialect)
        .addColumn('dashboard_id', 'integer', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', ownerRef)
        .addUniqueConstraint('dashboard_user_unique', ['dashboard_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('dashboard_roles'), dialect)
        .addColumn('dashboard_id', 'integer', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('ab_role.id').onDelete('cascade'),
        )
        .addUniqueConstraint('dashboard_roles_unique', ['dashboard_id', 'role_id'])
        .execute();

      // Favourites of charts (`slice`) and dashboards (`Dashboard`), Superset's class names.
      await withId(db.schema.createTable('favstar'), dialect)
        .addColumn('user_id', 'integer', ownerRef)
        .addColumn('class_name', 'varchar(50)', notNull)
        .addColumn('obj_id', 'integer', notNull)
        .addColumn('dttm', 'varchar(32)', notNull)
        .addUniqueConstraint('favstar_unique', ['user_id', 'class_name', 'obj_id'])
        .execute();
      await db.schema
        .createIndex('favstar_object_idx')
        .on('favstar')
        .columns(['class_name', 'obj_id'])
        .execute();

      await withId(db.schema.createTable('css_templates'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('template_name', 'varchar(250)', notNull)
        .addColumn('css', 'text')
        .addColumn('created_by_fk', 'integer', userRef)
        .addColumn('changed_by_fk', 'integer', userRef)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'css_templates',
        'favstar',
        'dashboard_roles',
        'dashboard_user',
        'dashboard_slices',
        'dashboards',
        'slice_user',
        'slices',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
