import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import {
  type AnyDb,
  audited,
  belongsTo,
  dropTables,
  textOr,
  uniqueValue,
  withId,
} from './columns.ts';

/**
 * Superset's `embedded_dashboards`: a dashboard's embedding, found by its own uuid (what guest
 * tokens and the SDK name) and holding the domains allowed to frame it, a JSON list. One per
 * dashboard (Superset reads `dashboard.embedded[0]`); it goes when its dashboard goes.
 */
export function embeddedDashboardsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await audited(
        withId(db.schema.createTable('embedded_dashboards'), dialect)
          .addColumn('uuid', 'varchar(36)', uniqueValue)
          .addColumn('allow_domain_list', 'text', textOr('[]'))
          .addColumn('dashboard_id', 'integer', belongsTo('dashboards.id'))
          .addUniqueConstraint('embedded_dashboards_dashboard_unique', ['dashboard_id']),
      ).execute();
    },
    async down(db: AnyDb) {
      await dropTables(db, ['embedded_dashboards']);
    },
  };
}
