import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';
import { platformMigration } from './0001_platform.ts';
import { sqllabQueriesMigration } from './0002_sqllab_queries.ts';
import { sqllabStateMigration } from './0003_sqllab_state.ts';
import { datasetsMigration } from './0004_datasets.ts';
import { chartsDashboardsMigration } from './0005_charts_dashboards.ts';
import { credentialsMigration } from './0006_credentials.ts';
import { logsMigration } from './0007_logs.ts';
import { embeddedDashboardsMigration } from './0008_embedded_dashboards.ts';
import { reportsMigration } from './0009_reports.ts';

/** Numbered migrations: never edited after they land; a change is a new file. */
export function migrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_platform': platformMigration(dialect),
    '0002_sqllab_queries': sqllabQueriesMigration(dialect),
    '0003_sqllab_state': sqllabStateMigration(dialect),
    '0004_datasets': datasetsMigration(dialect),
    '0005_charts_dashboards': chartsDashboardsMigration(dialect),
    '0006_credentials': credentialsMigration(),
    '0007_logs': logsMigration(dialect),
    '0008_embedded_dashboards': embeddedDashboardsMigration(dialect),
    '0009_reports': reportsMigration(dialect),
  };
}
