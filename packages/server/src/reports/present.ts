import { describeCrontab } from '@tessera/shared/reports/cron';
import type {
  CreationMethod,
  RecipientConfig,
  RecipientType,
  ReportFormat,
  ReportItem,
  ReportListRow,
  ReportLogRow,
  ReportState,
  ReportType,
  ValidatorConfig,
  ValidatorType,
} from '@tessera/shared/reports/schemas';
import { humanizeAge } from '../databases/present.ts';
import type { LogRow, Person, RecipientRow, ReportRow } from './repository.ts';

/** Reads a stored JSON object, `{}` when it is not one. */
export function jsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function validatorConfigOf(row: ReportRow): ValidatorConfig | null {
  if (!row.validator_config_json) return null;
  const raw = jsonObject(row.validator_config_json);
  const config: ValidatorConfig = {};
  if (typeof raw.op === 'string') config.op = raw.op as ValidatorConfig['op'];
  if (typeof raw.threshold === 'number') config.threshold = raw.threshold;
  return config;
}

export function recipientConfigOf(r: RecipientRow): RecipientConfig {
  const raw = jsonObject(r.recipient_config_json);
  const config: RecipientConfig = { target: typeof raw.target === 'string' ? raw.target : '' };
  if (typeof raw.ccTarget === 'string') config.ccTarget = raw.ccTarget;
  if (typeof raw.bccTarget === 'string') config.bccTarget = raw.bccTarget;
  return config;
}

export interface ItemLookups {
  owners: Person[];
  recipients: RecipientRow[];
  chart: { id: number; slice_name: string; viz_type: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
}

export function toItem(row: ReportRow, l: ItemLookups): ReportItem {
  return {
    id: row.id,
    type: row.type as ReportType,
    name: row.name,
    description: row.description,
    crontab: row.crontab,
    crontab_humanized: describeCrontab(row.crontab),
    timezone: row.timezone,
    active: Boolean(row.active),
    creation_method: row.creation_method as CreationMethod,
    chart: l.chart,
    dashboard: l.dashboard,
    database: l.database,
    sql: row.sql,
    validator_type: (row.validator_type as ValidatorType | null) ?? null,
    validator_config_json: validatorConfigOf(row),
    recipients: l.recipients.map((r) => ({
      id: r.id,
      type: r.type as RecipientType,
      recipient_config_json: recipientConfigOf(r),
    })),
    report_format: row.report_format as ReportFormat,
    owners: l.owners,
    grace_period: row.grace_period,
    working_timeout: row.working_timeout,
    log_retention: row.log_retention,
    custom_width: row.custom_width,
    force_screenshot: Boolean(row.force_screenshot),
    email_subject: row.email_subject,
    extra: jsonObject(row.extra_json),
    last_eval_dttm: row.last_eval_dttm,
    last_state: row.last_state as ReportState,
    last_value: row.last_value,
    last_value_row_json: row.last_value_row_json,
  };
}

export function toListRow(
  row: ReportRow,
  owners: Person[],
  recipients: RecipientRow[],
  people: Map<number, Person>,
  now: Date,
): ReportListRow {
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return {
    id: row.id,
    type: row.type as ReportType,
    name: row.name,
    description: row.description,
    active: Boolean(row.active),
    crontab: row.crontab,
    crontab_humanized: describeCrontab(row.crontab),
    timezone: row.timezone,
    creation_method: row.creation_method as CreationMethod,
    chart_id: row.chart_id,
    dashboard_id: row.dashboard_id,
    database_id: row.database_id,
    report_format: row.report_format as ReportFormat,
    last_eval_dttm: row.last_eval_dttm,
    last_state: row.last_state as ReportState,
    owners,
    recipients: recipients.map((r) => ({ id: r.id, type: r.type as RecipientType })),
    created_by: person(row.created_by_fk),
    changed_by: person(row.changed_by_fk),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeAge(row.changed_on, now),
  };
}

export function toLogRow(row: LogRow): ReportLogRow {
  return {
    id: row.id,
    uuid: row.uuid,
    scheduled_dttm: row.scheduled_dttm,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    value: row.value,
    value_row_json: row.value_row_json,
    state: row.state as ReportState,
    error_message: row.error_message,
  };
}
