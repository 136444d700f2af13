import type { Generated } from 'kysely';

/** Row types of the tables migration 0009 creates. Times are ISO-8601 text, flags 0/1. */
export interface DbReportSchedule {
  id: Generated<number>;
  type: string;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: Generated<number>;
  crontab: string;
  timezone: Generated<string>;
  creation_method: Generated<string>;
  report_format: Generated<string>;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  last_eval_dttm: string | null;
  last_state: Generated<string>;
  last_value: number | null;
  last_value_row_json: string | null;
  validator_type: string | null;
  validator_config_json: string | null;
  log_retention: Generated<number>;
  grace_period: Generated<number>;
  working_timeout: Generated<number>;
  force_screenshot: Generated<number>;
  custom_width: number | null;
  email_subject: string | null;
  extra_json: Generated<string>;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbReportScheduleUser {
  id: Generated<number>;
  report_schedule_id: number;
  user_id: number;
}

export interface DbReportRecipient {
  id: Generated<number>;
  type: string;
  recipient_config_json: Generated<string>;
  report_schedule_id: number;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbReportExecutionLog {
  id: Generated<number>;
  uuid: string;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | null;
  value_row_json: string | null;
  state: string;
  error_message: string | null;
  report_schedule_id: number;
}

export interface ReportTables {
  report_schedule: DbReportSchedule;
  report_schedule_user: DbReportScheduleUser;
  report_recipient: DbReportRecipient;
  report_execution_log: DbReportExecutionLog;
}
