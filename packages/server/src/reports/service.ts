import type { ListQuery } from '@tessera/shared/api/common';
import { badRequest, forbidden, notFound, TesseraError } from '@tessera/shared/errors';
import {
  DEFAULT_GRACE_PERIOD,
  DEFAULT_LOG_RETENTION,
  DEFAULT_WORKING_TIMEOUT,
  FORMATS_BY_CONTENT,
  REPORT_SEARCH_FILTERS,
  type ReportCreateBody,
  type ReportFormat,
  type ReportItem,
  type ReportListRow,
  type ReportLogRow,
  type ReportUpdateBody,
  reportProblems,
} from '@tessera/shared/reports/schemas';
import { Cron } from 'croner';
import { relatedUsersAfter } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import {
  compareBy,
  type ListEnvelope,
  labelOf,
  listEnvelope,
  pageOf,
} from '../platform/listing.ts';
import { type Actor, actsAsAdmin, requireUser } from '../security/actor.ts';
import {
  checkContent,
  invalid,
  mayChange,
  maySee,
  REPORT_FORBIDDEN,
  reader,
  VIEW,
  writer,
} from './access.ts';
import { refusedWebhookUrl, type WebhookPolicy } from './delivery/webhookPolicy.ts';
import { toItem, toListRow, toLogRow } from './present.ts';
import { type ReportRow, type ReportWrite, reportRepository as repo } from './repository.ts';
import { planReportSql, QUERY_REPORT_MAX_ROWS } from './sqlCheck.ts';

export const NAME_TAKEN = 'Name must be unique';
export const REPORT_NOT_FOUND = 'Report Schedule not found.';

/** What the write rules need beside the context: the webhook policy. */
export interface ReportRules {
  ctx: AppContext;
  policy: WebhookPolicy;
}

type Fields = Partial<ReportCreateBody>;

async function loadVisible(ctx: AppContext, actor: Actor, id: number) {
  reader(actor);
  const row = await repo.get(ctx.store.db, id);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  const owners = (await repo.owners(ctx.store.db, [id])).get(id) ?? [];
  if (
    !maySee(
      actor,
      row,
      owners.map((o) => o.id),
    )
  )
    throw notFound(REPORT_NOT_FOUND);
  return { row, owners };
}

async function loadChangeable(ctx: AppContext, actor: Actor, id: number) {
  writer(actor);
  const loaded = await loadVisible(ctx, actor, id);
  if (
    !mayChange(
      actor,
      loaded.owners.map((o) => o.id),
    )
  )
    throw forbidden(REPORT_FORBIDDEN);
  return loaded;
}

// ---- reads -------------------------------------------------------------------------------------

export async function getReport(ctx: AppContext, actor: Actor, id: number): Promise<ReportItem> {
  const { row, owners } = await loadVisible(ctx, actor, id);
  const db = ctx.store.db;
  const [recipients, chart, dashboard, database] = await Promise.all([
    repo.recipients(db, [id]),
    row.chart_id === null ? undefined : repo.chartName(db, row.chart_id),
    row.dashboard_id === null ? undefined : repo.dashboardName(db, row.dashboard_id),
    row.database_id === null ? undefined : repo.databaseName(db, row.database_id),
  ]);
  return toItem(row, {
    owners,
    recipients: recipients.get(id) ?? [],
    chart: chart ?? null,
    dashboard: dashboard ?? null,
    database: database ?? null,
  });
}

const LIST_COLUMNS = [
  'id',
  'name',
  'type',
  'active',
  'crontab',
  'crontab_humanized',
  'timezone',
  'creation_method',
  'chart_id',
  'dashboard_id',
  'database_id',
  'report_format',
  'description',
  'last_eval_dttm',
  'last_state',
  'owners',
  'recipients',
  'created_by',
  'changed_by',
  'created_on',
  'changed_on',
  'changed_on_delta_humanized',
];
const ORDER_COLUMNS = [
  'name',
  'type',
  'active',
  'crontab',
  'last_eval_dttm',
  'last_state',
  'created_on',
  'changed_on',
  'changed_on_delta_humanized',
  'created_by.first_name',
  'changed_by.first_name',
];

function orderValue(row: ReportListRow, column: string): unknown {
  if (column === 'changed_on_delta_humanized') return row.changed_on;
  if (column === 'created_by.first_name') return row.created_by?.first_name;
  if (column === 'changed_by.first_name') return row.changed_by?.first_name;
  const value = (row as unknown as Record<string, unknown>)[column];
  return typeof value === 'boolean' ? Number(value) : value;
}

function matches(row: ReportListRow, col: string, opr: string, value: unknown): boolean {
  const text = String(value ?? '').toLowerCase();
  switch (col) {
    case 'name': {
      const name = row.name.toLowerCase();
      if (opr === 'eq') return name === text;
      if (opr === 'sw') return name.startsWith(text);
      if (opr === 'ew') return name.endsWith(text);
      if (opr === 'report_all_text')
        return name.includes(text) || (row.description ?? '').toLowerCase().includes(text);
      return name.includes(text);
    }
    case 'active':
      return row.active === (value === true || value === 'true' || value === 1);
    case 'type':
    case 'creation_method':
    case 'last_state':
      return String(row[col]) === String(value);
    case 'chart_id':
    case 'dashboard_id':
    case 'database_id':
      return row[col] === Number(value);
    case 'created_by':
      return row.created_by?.id === Number(value);
    case 'owners':
      return row.owners.some((o) => o.id === Number(value));
    default:
      return false;
  }
}

/** `GET /api/v1/report/`: an admin sees every report, anyone else the reports they created. */
export async function listReports(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<ListEnvelope<ReportListRow>> {
  reader(actor);
  const me = requireUser(actor);
  for (const f of q.filters ?? []) {
    if (!REPORT_SEARCH_FILTERS[f.col]?.includes(f.opr))
      throw badRequest(`Filter column ${f.col} with operator ${f.opr} is not allowed`);
  }
  const order = q.order_column ?? 'name';
  if (!ORDER_COLUMNS.includes(order) && order !== 'id')
    throw badRequest(`Not a valid rison schema: order_column: ${order} is not sortable`);
  const db = ctx.store.db;
  const rows = await repo.list(db, actsAsAdmin(actor) ? undefined : me.id);
  const ids = rows.map((r) => r.id);
  const [owners, recipients, people] = await Promise.all([
    repo.owners(db, ids),
    repo.recipients(db, ids),
    repo.people(
      db,
      rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]).filter((v) => v !== null),
    ),
  ]);
  const now = new Date();
  const all = rows
    .map((r) => toListRow(r, owners.get(r.id) ?? [], recipients.get(r.id) ?? [], people, now))
    .filter((r) => (q.filters ?? []).every((f) => matches(r, f.col, f.opr, f.value)))
    .sort(compareBy((r) => orderValue(r, order), q.order_direction ?? 'asc'));
  const page = pageOf(all, q);
  return listEnvelope(
    { count: all.length, ids: page.map((r) => r.id), result: page },
    {
      title: 'List Report Schedule',
      listColumns: LIST_COLUMNS,
      orderColumns: ORDER_COLUMNS,
      label: labelOf,
    },
    q.keys,
  );
}

const LOG_ORDER = ['start_dttm', 'end_dttm', 'scheduled_dttm', 'state', 'id'];

export async function listLogs(
  ctx: AppContext,
  actor: Actor,
  id: number,
  q: ListQuery,
): Promise<ListEnvelope<ReportLogRow>> {
  await loadVisible(ctx, actor, id);
  const column = q.order_column ?? 'start_dttm';
  if (!LOG_ORDER.includes(column))
    throw badRequest(`Not a valid rison schema: order_column: ${column} is not sortable`);
  const pageSize = q.page_size ?? 20;
  const { count, rows } = await repo.logs(
    ctx.store.db,
    id,
    { column, direction: q.order_direction ?? 'desc' },
    q.page ?? 0,
    pageSize,
  );
  const result = rows.map(toLogRow);
  return listEnvelope(
    { count, ids: result.map((r) => r.id), result },
    {
      title: 'List Report Execution Log',
      listColumns: [
        'id',
        'uuid',
        'scheduled_dttm',
        'start_dttm',
        'end_dttm',
        'value',
        'value_row_json',
        'state',
        'error_message',
      ],
      orderColumns: LOG_ORDER,
      label: labelOf,
    },
    q.keys,
  );
}

export async function getLog(ctx: AppContext, actor: Actor, id: number, logId: number) {
  await loadVisible(ctx, actor, id);
  const row = await repo.log(ctx.store.db, id, logId);
  if (!row) throw notFound('Report Schedule Log not found.');
  return { id: row.id, result: toLogRow(row) };
}

export function reportInfo(actor: Actor, keys: string[] | undefined) {
  reader(actor);
  const permissions = ['can_read', 'can_write'].filter(
    (p) =>
      Object.values(actor.roles).some((pairs) =>
        pairs.some(([perm, view]) => perm === p && view === VIEW),
      ) || actsAsAdmin(actor),
  );
  const all = {
    permissions,
    add_columns: Object.keys(EDITABLE),
    edit_columns: Object.keys(EDITABLE),
    filters: Object.fromEntries(
      Object.entries(REPORT_SEARCH_FILTERS).map(([col, ops]) => [
        col,
        ops.map((operator) => ({ name: labelOf(col), operator })),
      ]),
    ),
  };
  if (!keys) return all;
  return Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k)));
}

export const relatedUsers = relatedUsersAfter(reader);

// ---- writes ------------------------------------------------------------------------------------

/** The payload fields and the column each is stored in. */
const EDITABLE: Record<string, (f: Fields) => Partial<ReportWrite>> = {
  type: (f) => ({ type: f.type }),
  name: (f) => ({ name: f.name }),
  description: (f) => ({ description: f.description ?? null }),
  crontab: (f) => ({ crontab: f.crontab?.trim() }),
  timezone: (f) => ({ timezone: f.timezone }),
  active: (f) => ({ active: f.active ? 1 : 0 }),
  creation_method: (f) => ({ creation_method: f.creation_method }),
  chart: (f) => ({ chart_id: f.chart ?? null }),
  dashboard: (f) => ({ dashboard_id: f.dashboard ?? null }),
  database: (f) => ({ database_id: f.database ?? null }),
  sql: (f) => ({ sql: f.sql ?? null }),
  validator_type: (f) => ({ validator_type: f.validator_type ?? null }),
  validator_config_json: (f) => ({
    validator_config_json: f.validator_config_json ? JSON.stringify(f.validator_config_json) : null,
  }),
  report_format: (f) => ({ report_format: f.report_format }),
  grace_period: (f) => ({ grace_period: f.grace_period }),
  working_timeout: (f) => ({ working_timeout: f.working_timeout }),
  log_retention: (f) => ({ log_retention: f.log_retention }),
  custom_width: (f) => ({ custom_width: f.custom_width ?? null }),
  force_screenshot: (f) => ({ force_screenshot: f.force_screenshot ? 1 : 0 }),
  email_subject: (f) => ({ email_subject: f.email_subject ?? null }),
  extra: (f) => ({ extra_json: JSON.stringify(f.extra ?? {}) }),
  owners: () => ({}),
  recipients: () => ({}),
};

function columnsOf(fields: Fields): Partial<ReportWrite> {
  let out: Partial<ReportWrite> = {};
  for (const key of Object.keys(fields)) {
    const map = EDITABLE[key];
    if (map && (fields as Record<string, unknown>)[key] !== undefined)
      out = { ...out, ...map(fields) };
  }
  return out;
}

/** A stored report as the payload fields, for merging an update over it. */
function fieldsOf(row: ReportRow): Fields {
  return {
    type: row.type as Fields['type'],
    name: row.name,
    crontab: row.crontab,
    timezone: row.timezone,
    chart: row.chart_id,
    dashboard: row.dashboard_id,
    database: row.database_id,
    sql: row.sql,
    validator_type: row.validator_type as Fields['validator_type'],
    validator_config_json: row.validator_config_json
      ? (JSON.parse(row.validator_config_json) as Fields['validator_config_json'])
      : null,
    report_format: row.report_format as ReportFormat,
  };
}

function defaultFormat(f: Fields): ReportFormat {
  if (f.chart != null || f.dashboard != null) return 'PNG';
  return f.type === 'Report' ? 'CSV' : 'TEXT';
}

/** Every rule a write must pass, for the caller: the same whether it creates or updates. */
async function checkWrite(rules: ReportRules, actor: Actor, f: Fields, id?: number) {
  const { ctx, policy } = rules;
  const problems = reportProblems(f);
  if (problems.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const p of problems) fields[p.field] = [...(fields[p.field] ?? []), p.message];
    throw new TesseraError(400, 'Invalid input', { fields });
  }
  try {
    new Cron(f.crontab ?? '', { timezone: f.timezone ?? 'UTC', paused: true });
  } catch {
    throw invalid('crontab', 'Cron expression is invalid', 400);
  }
  (f.recipients ?? []).forEach((r, i) => {
    if (r.type !== 'Webhook') return;
    const why = refusedWebhookUrl(r.recipient_config_json.target, policy);
    if (why) throw invalid(`recipients.${i}.recipient_config_json.target`, why, 400);
  });
  if (f.name && f.type && (await repo.nameTaken(ctx.store.db, f.name, f.type, id)))
    throw invalid('name', NAME_TAKEN);
  const missing = await repo.usersExist(ctx.store.db, f.owners ?? []);
  if (missing.length > 0) throw invalid('owners', 'Owners are invalid');
  await checkContent(ctx, actor, f);
  if (f.database != null && f.sql)
    await planReportSql(ctx, actor, f.database, f.sql, QUERY_REPORT_MAX_ROWS);
}

/** Superset's owner list: whoever is not an admin always owns what they save. */
function ownersFor(actor: Actor, asked: number[] | undefined, current: number[]): number[] {
  const me = requireUser(actor).id;
  const owners = asked ?? (current.length > 0 ? current : [me]);
  return actsAsAdmin(actor) || owners.includes(me)
    ? [...new Set(owners)]
    : [...new Set([...owners, me])];
}

function recipientRows(f: Fields) {
  return (f.recipients ?? []).map((r) => ({
    type: r.type,
    recipient_config_json: JSON.stringify(r.recipient_config_json),
  }));
}

export async function createReport(
  rules: ReportRules,
  actor: Actor,
  body: ReportCreateBody,
): Promise<{ id: number; result: Record<string, unknown> }> {
  writer(actor);
  const f: Fields = {
    timezone: 'UTC',
    active: true,
    creation_method: 'alerts_reports',
    grace_period: DEFAULT_GRACE_PERIOD,
    working_timeout: DEFAULT_WORKING_TIMEOUT,
    log_retention: DEFAULT_LOG_RETENTION,
    ...body,
  };
  f.report_format ??= defaultFormat(f);
  await checkWrite(rules, actor, f);
  const owners = ownersFor(actor, body.owners, []);
  const row = columnsOf(f) as ReportWrite;
  const id = await rules.ctx.store.db
    .transaction()
    .execute((tx) => repo.insert(tx, row, owners, recipientRows(f), actor));
  return { id, result: { ...body, owners } };
}

export async function updateReport(
  rules: ReportRules,
  actor: Actor,
  id: number,
  body: ReportUpdateBody,
): Promise<{ id: number; result: Record<string, unknown> }> {
  const { ctx } = rules;
  const { row, owners: current } = await loadChangeable(ctx, actor, id);
  const keys = Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined);
  const onlyActive = keys.every((k) => k === 'active');
  const merged: Fields = { ...fieldsOf(row), ...body };
  if (body.chart != null && body.dashboard === undefined) merged.dashboard = null;
  if (body.dashboard != null && body.chart === undefined) merged.chart = null;
  if (!onlyActive) {
    if (body.report_format === undefined) {
      const content =
        merged.chart != null ? 'chart' : merged.dashboard != null ? 'dashboard' : 'query';
      const allowed = FORMATS_BY_CONTENT[content] as readonly ReportFormat[];
      if (merged.report_format && !allowed.includes(merged.report_format))
        merged.report_format = defaultFormat(merged);
    }
    await checkWrite(rules, actor, merged, id);
  }
  const owners =
    body.owners === undefined
      ? undefined
      : ownersFor(
          actor,
          body.owners,
          current.map((o) => o.id),
        );
  const columns = columnsOf({
    ...body,
    ...(onlyActive
      ? {}
      : { report_format: merged.report_format, chart: merged.chart, dashboard: merged.dashboard }),
  });
  await ctx.store.db.transaction().execute(async (tx) => {
    await repo.update(tx, id, columns, actor);
    if (owners) await repo.setOwners(tx, id, owners);
    if (body.recipients) await repo.setRecipients(tx, id, recipientRows(body), actor);
  });
  return { id, result: { ...body, ...(owners ? { owners } : {}) } };
}

export async function deleteReport(ctx: AppContext, actor: Actor, id: number) {
  await loadChangeable(ctx, actor, id);
  await ctx.store.db.transaction().execute((tx) => repo.delete(tx, [id]));
  return { message: 'OK' };
}

export async function deleteReports(ctx: AppContext, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  for (const id of unique) await loadChangeable(ctx, actor, id);
  await ctx.store.db.transaction().execute((tx) => repo.delete(tx, unique));
  const n = unique.length;
  return { message: `Deleted ${n} report schedule${n === 1 ? '' : 's'}` };
}

/** The check before "run now": the caller may change the report (an owner or an admin). */
export async function mayRunNow(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await loadChangeable(ctx, actor, id);
}
