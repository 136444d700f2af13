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

export function platformMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('ab_user'), dialect)
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('first_name', 'varchar(64)', notNull)
        .addColumn('last_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('active', 'integer', flag(1))
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .addColumn('last_login', 'varchar(32)')
        .addColumn('login_count', 'integer', flag(0))
        .addColumn('fail_login_count', 'integer', flag(0))
        .execute();

      await withId(db.schema.createTable('ab_role'), dialect)
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .execute();

      await withId(db.schema.createTable('ab_user_role'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('ab_user.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('ab_role.id').onDelete('cascade'),
        )
        .addUniqueConstraint('ab_user_role_unique', ['user_id', 'role_id'])
        .execute();

      await withId(db.schema.createTable('ab_permission_view'), dialect)
        .addColumn('permission', 'varchar(100)', notNull)
        .addColumn('view_menu', 'varchar(255)', notNull)
        .addUniqueConstraint('ab_permission_view_unique', ['permission', 'view_menu'])
        .execute();

      await withId(db.schema.createTable('ab_permission_view_role'), dialect)
        .addColumn('permission_view_id', 'integer', (c) =>
          c.notNull().references('ab_permission_view.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('ab_role.id').onDelete('cascade'),
        )
        .addUniqueConstraint('ab_pvr_unique', ['permission_view_id', 'role_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('ab_user.id').onDelete('cascade'),
        )
        .addColumn('csrf_token', 'varchar(64)', notNull)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('expires_on', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('dbs'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('database_name', 'varchar(250)', (c) => c.notNull().unique())
        .addColumn('engine', 'varchar(64)', notNull)
        .addColumn('sqlalchemy_uri', 'text', notNull)
        .addColumn('password', 'text')
        .addColumn('configuration_method', 'varchar(32)', (c) =>
          c.notNull().defaultTo('sqlalchemy_form'),
        )
        .addColumn('expose_in_sqllab', 'integer', flag(1))
        .addColumn('allow_run_async', 'integer', flag(0))
        .addColumn('allow_dml', 'integer', flag(0))
        .addColumn('allow_ctas', 'integer', flag(0))
        .addColumn('allow_cvas', 'integer', flag(0))
        .addColumn('allow_file_upload', 'integer', flag(0))
        .addColumn('force_ctas_schema', 'varchar(250)')
        .addColumn('cache_timeout', 'integer')
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('encrypted_extra', 'text')
        .addColumn('is_managed_externally', 'integer', flag(0))
        .addColumn('external_url', 'text')
        .addColumn('created_by_fk', 'integer', (c) =>
          c.references('ab_user.id').onDelete('set null'),
        )
        .addColumn('changed_by_fk', 'integer', (c) =>
          c.references('ab_user.id').onDelete('set null'),
        )
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'dbs',
        'sessions',
        'ab_permission_view_role',
        'ab_permission_view',
        'ab_user_role',
        'ab_role',
        'ab_user',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
