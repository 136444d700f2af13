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
  optionallyBelongsTo,
  pointsTo,
  textOr,
  uniqueValue,
  withId,
} from './columns.ts';

/**
 * Superset's reports and alerts: `report_schedule` (a chart, a dashboard or a database's SQL on
 * a crontab), its owners (`report_schedule_user`), where it goes (`report_recipient`) and what
 * each run did (`report_execution_log`). A report goes when its chart or dashboard goes, as in
 * Superset; its database reference is cleared instead (the run then fails with a message).
 */
export function reportsMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      const double = dialect === 'postgres' ? 'double precision' : 'real';
      await audited(
        withId(db.schema.createTable('report_schedule'), dialect)
          .addColumn('type', 'varchar(50)', notNull)
          .addColumn('name', 'varchar(150)', notNull)
          .addColumn('description', 'text')
          .addColumn('context_markdown', 'text')
          .addColumn('active', 'integer', flag(1))
          .addColumn('crontab', 'varchar(1000)', notNull)
          .addColumn('timezone', 'varchar(100)', textOr('UTC'))
          .addColumn('creation_method', 'varchar(255)', textOr('alerts_reports'))
          .addColumn('report_format', 'varchar(50)', textOr('PNG'))
          .addColumn('sql', 'text')
          .addColumn('chart_id', 'integer', optionallyBelongsTo('slices.id'))
          .addColumn('dashboard_id', 'integer', optionallyBelongsTo('dashboards.id'))
          .addColumn('database_id', 'integer', pointsTo('dbs.id'))
          .addColumn('last_eval_dttm', 'varchar(32)')
          .addColumn('last_state', 'varchar(50)', textOr('Not triggered'))
          .addColumn('last_value', double)
          .addColumn('last_value_row_json', 'text')
          .addColumn('validator_type', 'varchar(100)')
          .addColumn('validator_config_json', 'text')
          .addColumn('log_retention', 'integer', (c) => c.notNull().defaultTo(90))
          .addColumn('grace_period', 'integer', (c) => c.notNull().defaultTo(14400))
          .addColumn('working_timeout', 'integer', (c) => c.notNull().defaultTo(3600))
          .addColumn('force_screenshot', 'integer', flag(0))
          .addColumn('custom_width', 'integer')
          .addColumn('email_subject', 'varchar(255)')
          .addColumn('extra_json', 'text', textOr('{}'))
          .addUniqueConstraint('report_schedule_name_type_unique', ['name', 'type']),
      ).execute();
      await createLink(
        db,
        dialect,
        'report_schedule_user',
        ['report_schedule_id', 'report_schedule.id'],
        ['user_id', 'ab_user.id'],
      );
      await audited(
        withId(db.schema.createTable('report_recipient'), dialect)
          .addColumn('type', 'varchar(50)', notNull)
          .addColumn('recipient_config_json', 'text', textOr('{}'))
          .addColumn('report_schedule_id', 'integer', belongsTo('report_schedule.id')),
      ).execute();
      await withId(db.schema.createTable('report_execution_log'), dialect)
        .addColumn('uuid', 'varchar(36)', uniqueValue)
        .addColumn('scheduled_dttm', 'varchar(32)', notNull)
        .addColumn('start_dttm', 'varchar(32)')
        .addColumn('end_dttm', 'varchar(32)')
        .addColumn('value', double)
        .addColumn('value_row_json', 'text')
        .addColumn('state', 'varchar(50)', notNull)
        .addColumn('error_message', 'text')
        .addColumn('report_schedule_id', 'integer', belongsTo('report_schedule.id'))
        .execute();
      await createIndex(db, 'report_execution_log_schedule_idx', 'report_execution_log', [
        'report_schedule_id',
        'start_dttm',
      ]);
    },
    async down(db: AnyDb) {
      await dropTables(db, [
        'report_execution_log',
        'report_recipient',
        'report_schedule_user',
        'report_schedule',
      ]);
    },
  };
}
