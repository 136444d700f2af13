import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import {
  type AnyDb,
  audited,
  belongsTo,
  createLink,
  dropTables,
  flag,
  notNull,
  textOr,
  uniqueValue,
  withId,
} from './columns.ts';

export function platformMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('ab_user'), dialect)
        .addColumn('username', 'varchar(64)', uniqueValue)
        .addColumn('first_name', 'varchar(64)', notNull)
        .addColumn('last_name', 'varchar(64)', textOr(''))
        .addColumn('email', 'varchar(320)', uniqueValue)
        .addColumn('password_hash', 'text')
        .addColumn('active', 'integer', flag(1))
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .addColumn('last_login', 'varchar(32)')
        .addColumn('login_count', 'integer', flag(0))
        .addColumn('fail_login_count', 'integer', flag(0))
        .execute();

      await withId(db.schema.createTable('ab_role'), dialect)
        .addColumn('name', 'varchar(64)', uniqueValue)
        .execute();

      await createLink(
        db,
        dialect,
        'ab_user_role',
        ['user_id', 'ab_user.id'],
        ['role_id', 'ab_role.id'],
      );

      await withId(db.schema.createTable('ab_permission_view'), dialect)
        .addColumn('permission', 'varchar(100)', notNull)
        .addColumn('view_menu', 'varchar(255)', notNull)
        .addUniqueConstraint('ab_permission_view_unique', ['permission', 'view_menu'])
        .execute();

      await createLink(
        db,
        dialect,
        'ab_permission_view_role',
        ['permission_view_id', 'ab_permission_view.id'],
        ['role_id', 'ab_role.id'],
        'ab_pvr_unique',
      );

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', belongsTo('ab_user.id'))
        .addColumn('csrf_token', 'varchar(64)', notNull)
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('expires_on', 'varchar(32)', notNull)
        .execute();

      await audited(
        withId(db.schema.createTable('dbs'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('database_name', 'varchar(250)', uniqueValue)
          .addColumn('engine', 'varchar(64)', notNull)
          .addColumn('sqlalchemy_uri', 'text', notNull)
          .addColumn('password', 'text')
          .addColumn('configuration_method', 'varchar(32)', textOr('sqlalchemy_form'))
          .addColumn('expose_in_sqllab', 'integer', flag(1))
          .addColumn('allow_run_async', 'integer', flag(0))
          .addColumn('allow_dml', 'integer', flag(0))
          .addColumn('allow_ctas', 'integer', flag(0))
          .addColumn('allow_cvas', 'integer', flag(0))
          .addColumn('allow_file_upload', 'integer', flag(0))
          .addColumn('force_ctas_schema', 'varchar(250)')
          .addColumn('cache_timeout', 'integer')
          .addColumn('extra', 'text', textOr('{}'))
          .addColumn('encrypted_extra', 'text')
          .addColumn('is_managed_externally', 'integer', flag(0))
          .addColumn('external_url', 'text'),
      ).execute();
    },
    async down(db: AnyDb) {
      await dropTables(db, [
        'dbs',
        'sessions',
        'ab_permission_view_role',
        'ab_permission_view',
        'ab_user_role',
        'ab_role',
        'ab_user',
      ]);
    },
  };
}
