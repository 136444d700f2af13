import {
  badEmail,
  badWebhookUrl,
  DEFAULT_GRACE_PERIOD,
  DEFAULT_LOG_RETENTION,
  DEFAULT_WORKING_TIMEOUT,
  FORMATS_BY_CONTENT,
  invalidEmail,
  type Recipient,
  ReportCreateBody,
  type ReportFormat,
  type ReportItem,
  type ReportType,
  splitEmails,
  type ValidatorOp,
} from '@tessera/shared/reports/schemas';

/**
 * The report/alert form's values and how they become Superset's payload, apart from the React
 * that shows them: defaults, an edit's starting values, the payload, and the server's own
 * schema run over it so every refusal lands on the field it concerns before anything is sent.
 */

export type ReportContent = 'dashboard' | 'chart' | 'query';
export type Condition = 'not null' | ValidatorOp;

export interface ReportFormValues {
  type: ReportType;
  name: string;
  description: string;
  content: ReportContent;
  dashboard?: number;
  chart?: number;
  database?: number;
  sql: string;
  condition?: Condition;
  threshold?: number | null;
  crontab: string;
  timezone: string;
  emails: string[];
  webhooks: string[];
  report_format: ReportFormat;
  custom_width?: number | null;
  grace_period: number;
  working_timeout: number;
  log_retention: number;
  active: boolean;
}

/** Superset's ReportModal default: every Monday at noon. */
export const DEFAULT_CRONTAB = '0 12 * * 1';

/** Superset's condition choices, in its words. */
export const CONDITIONS: Array<{ value: Condition; label: string }> = [
  { value: '<', label: '< (Smaller than)' },
  { value: '>', label: '> (Larger than)' },
  { value: '<=', label: '<= (Smaller or equal)' },
  { value: '>=', label: '>= (Larger or equal)' },
  { value: '==', label: '== (Is equal)' },
  { value: '!=', label: '!= (Is not equal)' },
  { value: 'not null', label: 'Not null' },
];

export const FORMAT_LABELS: Record<ReportFormat, string> = {
  PNG: 'Image (PNG) embedded in email',
  PDF: 'PDF attached in email',
  CSV: 'Formatted CSV attached in email',
  XLSX: 'Excel (XLSX) attached in email',
  TEXT: 'Text embedded in email',
};

/** Charts whose data reads as a table: Superset offers TEXT (and defaults to it) for these. */
const TEXT_BASED_VIZ = new Set(['table', 'pivot_table_v2', 'paired_ttest']);

/** The formats a report on this content may use. */
export function formatsFor(content: ReportContent, vizType?: string | null): ReportFormat[] {
  const formats: ReportFormat[] = [...FORMATS_BY_CONTENT[content]];
  if (content === 'chart' && vizType && !TEXT_BASED_VIZ.has(vizType))
    return formats.filter((f) => f !== 'TEXT');
  return formats;
}

export function defaultFormat(content: ReportContent, vizType?: string | null): ReportFormat {
  if (content === 'query') return 'CSV';
  if (content === 'chart' && vizType && TEXT_BASED_VIZ.has(vizType)) return 'TEXT';
  return 'PNG';
}

/** The browser's zone, as Superset's TimezoneSelector starts with it; UTC where none is known. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface NewReportOptions {
  type: ReportType;
  /** A dashboard or chart the form is opened on (its menu), fixed in the form. */
  target?: { kind: 'dashboard' | 'chart'; id: number; name: string; vizType?: string | null };
  /** A saved query scheduled from SQL Lab: its database and SQL. */
  query?: { database: number; sql: string; name: string };
  /** The signed-in user's address: the first recipient, as Superset's email reports do. */
  email?: string | null;
}

export function newReportValues(options: NewReportOptions): ReportFormValues {
  const { target, query, type } = options;
  const content: ReportContent = target?.kind ?? (query ? 'query' : 'dashboard');
  const entity = target?.name ?? query?.name;
  return {
    type,
    name: type === 'Alert' ? '' : entity ? `Weekly Report for ${entity}` : 'Weekly Report',
    description: '',
    content,
    dashboard: target?.kind === 'dashboard' ? target.id : undefined,
    chart: target?.kind === 'chart' ? target.id : undefined,
    database: query?.database,
    sql: query?.sql ?? '',
    condition: type === 'Alert' ? 'not null' : undefined,
    threshold: null,
    crontab: DEFAULT_CRONTAB,
    timezone: browserTimezone(),
    emails: options.email ? [options.email] : [],
    webhooks: [],
    // An alert sends the rows of its query: a table in the mail body reads at a glance.
    report_format: type === 'Alert' ? 'TEXT' : defaultFormat(content, target?.vizType),
    custom_width: null,
    grace_period: DEFAULT_GRACE_PERIOD,
    working_timeout: DEFAULT_WORKING_TIMEOUT,
    log_retention: DEFAULT_LOG_RETENTION,
    active: true,
  };
}

/** An edit starts from the stored report. */
export function reportValues(report: ReportItem): ReportFormValues {
  const content: ReportContent = report.dashboard ? 'dashboard' : report.chart ? 'chart' : 'query';
  const emails = report.recipients
    .filter((r) => r.type === 'Email')
    .flatMap((r) => splitEmails(r.recipient_config_json.target));
  const webhooks = report.recipients
    .filter((r) => r.type === 'Webhook')
    .map((r) => r.recipient_config_json.target);
  return {
    type: report.type,
    name: report.name,
    description: report.description ?? '',
    content,
    dashboard: report.dashboard?.id,
    chart: report.chart?.id,
    database: report.database?.id,
    sql: report.sql ?? '',
    condition:
      report.validator_type === 'operator'
        ? (report.validator_config_json?.op ?? '>')
        : report.validator_type === 'not null'
          ? 'not null'
          : undefined,
    threshold: report.validator_config_json?.threshold ?? null,
    crontab: report.crontab,
    timezone: report.timezone,
    emails,
    webhooks,
    report_format: report.report_format,
    custom_width: report.custom_width,
    grace_period: report.grace_period,
    working_timeout: report.working_timeout,
    log_retention: report.log_retention,
    active: report.active,
  };
}

/** The recipients of the payload: one Email target for all addresses, one Webhook per URL. */
export function recipientsOf(values: Pick<ReportFormValues, 'emails' | 'webhooks'>): Recipient[] {
  const recipients: Recipient[] = [];
  const emails = values.emails.map((e) => e.trim()).filter(Boolean);
  if (emails.length > 0)
    recipients.push({ type: 'Email', recipient_config_json: { target: emails.join(',') } });
  for (const url of values.webhooks.map((u) => u.trim()).filter(Boolean))
    recipients.push({ type: 'Webhook', recipient_config_json: { target: url } });
  return recipients;
}

/** The payload of POST (and of a full PUT) for these values. */
export function toPayload(
  values: ReportFormValues,
  options: { creationMethod: ReportCreateBody['creation_method'] },
): ReportCreateBody {
  const alert = values.type === 'Alert';
  const content = alert ? null : values.content;
  const operator = alert && values.condition && values.condition !== 'not null';
  return {
    type: values.type,
    name: values.name.trim(),
    description: values.description.trim() || null,
    crontab: values.crontab.trim(),
    timezone: values.timezone,
    active: values.active,
    creation_method: options.creationMethod,
    dashboard: content === 'dashboard' ? (values.dashboard ?? null) : null,
    chart: content === 'chart' ? (values.chart ?? null) : null,
    database: alert || content === 'query' ? (values.database ?? null) : null,
    sql: alert || content === 'query' ? values.sql : null,
    validator_type: alert ? (operator ? 'operator' : 'not null') : null,
    validator_config_json: alert
      ? operator
        ? {
            op: values.condition as ValidatorOp,
            threshold: values.threshold ?? undefined,
          }
        : {}
      : null,
    recipients: recipientsOf(values),
    report_format: values.report_format,
    custom_width: values.custom_width ?? null,
    grace_period: values.grace_period,
    working_timeout: values.working_timeout,
    log_retention: values.log_retention,
  };
}

/** Which form field a refusal of the payload (by its path) belongs to. */
export function fieldOfIssue(
  path: ReadonlyArray<PropertyKey>,
  payload: ReportCreateBody,
  content: ReportContent,
): string {
  const [head, index] = path;
  switch (head) {
    case 'recipients': {
      const recipient = typeof index === 'number' ? payload.recipients?.[index] : undefined;
      return recipient?.type === 'Webhook' ? 'webhooks' : 'emails';
    }
    case 'validator_type':
      return 'condition';
    case 'validator_config_json':
      return index === 'threshold' ? 'threshold' : 'condition';
    // "A report needs a chart, a dashboard, or a database and a SQL query": the picker shown.
    case 'chart':
    case 'dashboard':
      return content === 'query' ? 'database' : content;
    default:
      return String(head ?? 'name');
  }
}

/**
 * The server's schema over the payload, its messages placed on the form's fields (the first per
 * field); empty when the payload would be accepted.
 */
export function payloadProblems(
  payload: ReportCreateBody,
  content: ReportContent,
): Array<{ name: string; errors: string[] }> {
  const parsed = ReportCreateBody.safeParse(payload);
  if (parsed.success) return [];
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = fieldOfIssue(issue.path, payload, content);
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([name, message]) => ({ name, errors: [message] }));
}

/** The form's check of one email address (a tag of the recipients select). */
export function emailProblem(address: string): string | undefined {
  const bad = badEmail(address);
  return bad ? invalidEmail(bad) : undefined;
}

export function webhookProblem(url: string): string | undefined {
  return badWebhookUrl(url.trim()) ?? undefined;
}
