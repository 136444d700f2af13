import { z } from 'zod';
import { listAnswerSchema, projectedRow, UserRef } from '../api/common.ts';
import { CRONTAB_INVALID, isValidCrontab, isValidTimezone, MAX_CRONTAB_LENGTH } from './cron.ts';

/** Superset's report and alert payloads (`/api/v1/report/`), reference/superset-api.md "Reports". */

export const REPORT_TYPES = ['Alert', 'Report'] as const;
export const ReportType = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof ReportType>;

export const REPORT_STATES = ['Working', 'Success', 'Error', 'Not triggered', 'On Grace'] as const;
export const ReportState = z.enum(REPORT_STATES);
export type ReportState = z.infer<typeof ReportState>;

export const CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export const CreationMethod = z.enum(CREATION_METHODS);
export type CreationMethod = z.infer<typeof CreationMethod>;

export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** What each kind of content can be sent as. */
export const FORMATS_BY_CONTENT = {
  chart: ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'],
  dashboard: ['PNG', 'PDF'],
  query: ['CSV', 'XLSX', 'TEXT'],
} as const satisfies Record<string, readonly ReportFormat[]>;

export const VALIDATOR_TYPES = ['not null', 'operator'] as const;
export const ValidatorType = z.enum(VALIDATOR_TYPES);
export type ValidatorType = z.infer<typeof ValidatorType>;

export const VALIDATOR_OPS = ['<', '<=', '>', '>=', '==', '!='] as const;
export const ValidatorOp = z.enum(VALIDATOR_OPS);
export type ValidatorOp = z.infer<typeof ValidatorOp>;

export const RECIPIENT_TYPES = ['Email', 'Webhook'] as const;
export const RecipientType = z.enum(RECIPIENT_TYPES);
export type RecipientType = z.infer<typeof RecipientType>;

export const DEFAULT_GRACE_PERIOD = 14_400;
export const DEFAULT_WORKING_TIMEOUT = 3_600;
export const DEFAULT_LOG_RETENTION = 90;
export const MIN_CUSTOM_WIDTH = 600;
export const MAX_CUSTOM_WIDTH = 2400;
export const MAX_RECIPIENTS = 50;

const EMAIL = /^[^\s@,;<>"'()[\]\\]+@[^\s@,;<>"'()[\]\\]+\.[^\s@,;<>"'()[\]\\.]+$/;

/** The addresses of a comma- or semicolon-separated target, as Superset's email targets are. */
export function splitEmails(target: string): string[] {
  return target
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

export const invalidEmail = (address: string) => `Not a valid email address: ${address}`;
export const WEBHOOK_SCHEME = 'A webhook URL must start with http:// or https://';

/** The first bad address of a target, or null. */
export function badEmail(target: string): string | null {
  return splitEmails(target).find((a) => a.length > 254 || !EMAIL.test(a)) ?? null;
}

/** Why a webhook URL is refused on its face (the server also checks where it resolves), or null. */
export function badWebhookUrl(target: string): string | null {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(target.trim());
  if (!match) return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target) ? WEBHOOK_SCHEME : 'Not a valid URL';
  const scheme = (match[1] ?? '').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return WEBHOOK_SCHEME;
  const authority = match[2] ?? '';
  if (authority.includes('@')) return 'A webhook URL may not carry a user name or password';
  if (authority === '' || /\s/.test(target)) return 'Not a valid URL';
  return null;
}

export const RecipientConfig = z.object({
  target: z.string().trim().min(1, 'Missing data for required field.').max(2048),
  ccTarget: z.string().max(2048).optional(),
  bccTarget: z.string().max(2048).optional(),
});
export type RecipientConfig = z.infer<typeof RecipientConfig>;

export const Recipient = z
  .object({
    type: RecipientType,
    recipient_config_json: RecipientConfig,
  })
  .superRefine((r, ctx) => {
    const config = r.recipient_config_json;
    if (r.type === 'Webhook') {
      const why = badWebhookUrl(config.target);
      if (why)
        ctx.addIssue({ code: 'custom', path: ['recipient_config_json', 'target'], message: why });
      return;
    }
    for (const key of ['target', 'ccTarget', 'bccTarget'] as const) {
      const bad = badEmail(config[key] ?? '');
      if (bad)
        ctx.addIssue({
          code: 'custom',
          path: ['recipient_config_json', key],
          message: invalidEmail(bad),
        });
    }
  });
export type Recipient = z.infer<typeof Recipient>;

export const ValidatorConfig = z.object({
  op: ValidatorOp.optional(),
  threshold: z.number().finite().optional(),
});
export type ValidatorConfig = z.infer<typeof ValidatorConfig>;

const Crontab = z
  .string()
  .max(MAX_CRONTAB_LENGTH, `Longer than maximum length ${MAX_CRONTAB_LENGTH}.`)
  .refine(isValidCrontab, CRONTAB_INVALID);
const Timezone = z
  .string()
  .max(100)
  .refine(isValidTimezone, 'Not a valid time zone: use an IANA name such as Europe/Paris');
const Id = z.number().int().positive().max(2147483647);

/** Every field a report carries; the create body requires some of them, an update none. */
const reportFields = {
  type: ReportType,
  name: z.string().trim().min(1, 'Name is required').max(150),
  description: z.string().max(10_000).nullable().optional(),
  crontab: Crontab,
  timezone: Timezone.optional(),
  active: z.boolean().optional(),
  creation_method: CreationMethod.optional(),
  chart: Id.nullable().optional(),
  dashboard: Id.nullable().optional(),
  database: Id.nullable().optional(),
  sql: z.string().max(100_000).nullable().optional(),
  validator_type: ValidatorType.nullable().optional(),
  validator_config_json: ValidatorConfig.nullable().optional(),
  recipients: z.array(Recipient).max(MAX_RECIPIENTS).optional(),
  report_format: ReportFormat.optional(),
  owners: z.array(Id).max(100).optional(),
  grace_period: z.number().int().min(1).max(31_536_000).optional(),
  working_timeout: z.number().int().min(1).max(86_400).optional(),
  log_retention: z.number().int().min(0).max(3650).optional(),
  custom_width: z.number().int().min(MIN_CUSTOM_WIDTH).max(MAX_CUSTOM_WIDTH).nullable().optional(),
  force_screenshot: z.boolean().optional(),
  email_subject: z.string().max(255).nullable().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
};

type Fields = { [K in keyof typeof reportFields]?: z.output<(typeof reportFields)[K]> | undefined };

/**
 * The rules across fields, each naming its field. Run on a create body, and by the server on a
 * stored report merged with an update.
 */
export function reportProblems(r: Fields): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const sources = [r.chart, r.dashboard].filter((v) => v != null).length;
  if (sources > 1)
    problems.push({ field: 'chart', message: 'Choose a chart or a dashboard, not both' });
  const isAlert = r.type === 'Alert';
  const hasSql = r.sql != null && r.sql.trim() !== '';
  if (isAlert) {
    if (r.database == null)
      problems.push({ field: 'database', message: 'An alert needs a database' });
    if (!hasSql) problems.push({ field: 'sql', message: 'An alert needs a SQL query' });
    if (r.validator_type == null)
      problems.push({ field: 'validator_type', message: 'An alert needs a condition' });
    if (r.validator_type === 'operator') {
      const c = r.validator_config_json ?? {};
      if (c.op == null)
        problems.push({ field: 'validator_config_json.op', message: 'Choose an operator' });
      if (c.threshold == null)
        problems.push({ field: 'validator_config_json.threshold', message: 'Enter a threshold' });
    }
  } else if (sources === 0 && (r.database == null || !hasSql)) {
    problems.push({
      field: 'chart',
      message: 'A report needs a chart, a dashboard, or a database and a SQL query',
    });
  }
  const content =
    r.chart != null ? 'chart' : r.dashboard != null ? 'dashboard' : hasSql ? 'query' : null;
  const format = r.report_format;
  if (format && content && !(FORMATS_BY_CONTENT[content] as readonly string[]).includes(format)) {
    problems.push({
      field: 'report_format',
      message: `A ${content} cannot be sent as ${format}; use ${FORMATS_BY_CONTENT[content].join(', ')}`,
    });
  }
  return problems;
}

export const ReportCreateBody = z.object(reportFields).superRefine((body, ctx) => {
  for (const p of reportProblems(body))
    ctx.addIssue({ code: 'custom', path: p.field.split('.'), message: p.message });
});
export type ReportCreateBody = z.infer<typeof ReportCreateBody>;

/** PUT takes the full payload or any part of it (`{active: false}` alone toggles a report). */
export const ReportUpdateBody = z.object(reportFields).partial();
export type ReportUpdateBody = z.infer<typeof ReportUpdateBody>;

const Stamp = z.string().nullable();

const RecipientAnswer = z.object({
  id: z.number(),
  type: RecipientType,
  recipient_config_json: RecipientConfig,
});

/** `GET /api/v1/report/{id}`. */
export const ReportItem = z.object({
  id: z.number(),
  type: ReportType,
  name: z.string(),
  description: z.string().nullable(),
  crontab: z.string(),
  crontab_humanized: z.string(),
  timezone: z.string(),
  active: z.boolean(),
  creation_method: CreationMethod,
  chart: z.object({ id: z.number(), slice_name: z.string(), viz_type: z.string() }).nullable(),
  dashboard: z.object({ id: z.number(), dashboard_title: z.string() }).nullable(),
  database: z.object({ id: z.number(), database_name: z.string() }).nullable(),
  sql: z.string().nullable(),
  validator_type: ValidatorType.nullable(),
  validator_config_json: ValidatorConfig.nullable(),
  recipients: z.array(RecipientAnswer),
  report_format: ReportFormat,
  owners: z.array(UserRef),
  grace_period: z.number(),
  working_timeout: z.number(),
  log_retention: z.number(),
  custom_width: z.number().nullable(),
  force_screenshot: z.boolean(),
  email_subject: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
  last_eval_dttm: Stamp,
  last_state: ReportState,
  last_value: z.number().nullable(),
  last_value_row_json: z.string().nullable(),
});
export type ReportItem = z.infer<typeof ReportItem>;
export const ReportItemAnswer = z.object({ id: z.number(), result: ReportItem });

/** A row of `GET /api/v1/report/?q=`. */
export const ReportListRow = z.object({
  id: z.number(),
  type: ReportType,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  crontab: z.string(),
  crontab_humanized: z.string(),
  timezone: z.string(),
  creation_method: CreationMethod,
  chart_id: z.number().nullable(),
  dashboard_id: z.number().nullable(),
  database_id: z.number().nullable(),
  report_format: ReportFormat,
  last_eval_dttm: Stamp,
  last_state: ReportState,
  owners: z.array(UserRef),
  recipients: z.array(z.object({ id: z.number(), type: RecipientType })),
  created_by: UserRef.nullable(),
  changed_by: UserRef.nullable(),
  created_on: Stamp,
  changed_on: Stamp,
  changed_on_delta_humanized: z.string(),
});
export type ReportListRow = z.infer<typeof ReportListRow>;
export const ReportListAnswer = listAnswerSchema(projectedRow(ReportListRow));
export type ReportListAnswer = z.infer<typeof ReportListAnswer>;

/** What create and update answer: the id and the stored payload. */
export const ReportWriteAnswer = z.object({
  id: z.number(),
  result: z.record(z.string(), z.unknown()),
});

/** A row of the execution log, `GET /api/v1/report/{id}/log/`. */
export const ReportLogRow = z.object({
  id: z.number(),
  uuid: z.string(),
  scheduled_dttm: z.string(),
  start_dttm: Stamp,
  end_dttm: Stamp,
  value: z.number().nullable(),
  value_row_json: z.string().nullable(),
  state: ReportState,
  error_message: z.string().nullable(),
});
export type ReportLogRow = z.infer<typeof ReportLogRow>;
export const ReportLogListAnswer = listAnswerSchema(projectedRow(ReportLogRow));
export const ReportLogItemAnswer = z.object({ id: z.number(), result: ReportLogRow });

/** `_info`: what the caller may do (`can_read`, `can_write`). */
export const ReportInfoQuery = z.object({ keys: z.array(z.string()).optional() }).strict();
export const ReportInfoAnswer = z.object({
  permissions: z.array(z.string()).optional(),
  add_columns: z.array(z.string()).optional(),
  edit_columns: z.array(z.string()).optional(),
  filters: z
    .record(z.string(), z.array(z.object({ name: z.string(), operator: z.string() })))
    .optional(),
});

/** "Run now" (Tessera's own; Superset has none): the run is queued and its log row named. */
export const ReportRunAnswer = z.object({ message: z.string(), uuid: z.string() });

/** `DELETE /api/v1/report/?q=!(1,2)`. */
export const ReportIdsQuery = z.array(Id).min(1).max(1000);

/** The list filters Superset's ReportScheduleRestApi takes, by column. */
export const REPORT_SEARCH_FILTERS: Record<string, string[]> = {
  name: ['ct', 'sw', 'ew', 'eq', 'report_all_text'],
  type: ['eq'],
  active: ['eq'],
  chart_id: ['eq'],
  dashboard_id: ['eq'],
  database_id: ['eq'],
  creation_method: ['eq'],
  created_by: ['rel_o_m'],
  owners: ['rel_m_m'],
  last_state: ['eq'],
};
