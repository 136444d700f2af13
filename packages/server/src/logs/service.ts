import { chartUrl } from '@tessera/shared/api/charts';
import type { ListQuery } from '@tessera/shared/api/common';
import {
  LogBatch,
  type LogEvent,
  type LogItem,
  type LogListAnswer,
  MAX_EVENT_CHARS,
  type RecentActivityItem,
  type RecentActivityQuery,
} from '@tessera/shared/api/logs';
import { dashboardUrl } from '@tessera/shared/dashboard/slug';
import { badRequest, forbidden, isTesseraError, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { humanizeAge } from '../databases/present.ts';
import { humaniseZodMessage } from '../platform/http.ts';
import { nestsTooDeep } from '../platform/jsonDepth.ts';
import { labelOf, listEnvelope } from '../platform/listing.ts';
import { type Actor, type CurrentUser, requireAdmin, requireUser } from '../security/actor.ts';
import { type LogListFilters, type LogPage, type LogWrite, logRepository } from './repository.ts';

/**
 * The event log: client event batches in, the admins' list, a user's recent activity, failed
 * queries recorded by the server, and the pruning of old rows.
 */

/** Most characters a batch's `events` text may hold: 1024 events of about a kilobyte. */
export const MAX_BATCH_CHARS = 1024 * 1024;
const MAX_REFERRER = 1000;
const BATCH_TOO_BIG = `A batch of events may hold at most ${MAX_BATCH_CHARS} characters`;

/**
 * Client events that mark a page view get Superset's page actions (`dashboard`, `explore`), which
 * recent activity reads; every other client event is stored as Superset stores it, action `log`.
 */
const VIEW_ACTIONS: Record<string, string> = {
  mount_dashboard: 'dashboard',
  mount_explorer: 'explore',
};
export const RECENT_ACTIONS = ['dashboard', 'explore'];

export interface BatchInput {
  /** The `events` field: JSON text (a form) or the array itself (a JSON body). */
  events: unknown;
  /** `dashboard_id` / `slice_id` of the address, as Superset's client adds them. */
  dashboardId?: number;
  sliceId?: number;
  referrer?: string;
}

/**
 * The signed-in user the log is about. A guest of an embedded dashboard is refused (403): the log
 * records people, and a guest token must not fill it; anonymous callers hear 401.
 */
function loggedUser(actor: Actor): CurrentUser {
  if (actor.kind === 'guest') throw forbidden('Forbidden');
  return requireUser(actor);
}

function decodeEvents(raw: unknown): LogEvent[] {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_BATCH_CHARS) {
      throw badRequest(BATCH_TOO_BIG);
    }
    if (nestsTooDeep(raw)) throw badRequest('events: nested too deeply');
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('events: not valid JSON');
    }
  }
  if (value === undefined) throw badRequest('Missing field "events"');
  const parsed = LogBatch.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = ['events', ...(issue?.path ?? [])].join('.');
    throw badRequest(`${where}: ${humaniseZodMessage(issue?.message ?? 'invalid')}`);
  }
  return parsed.data;
}

const intOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/**
 * Stores a batch of client events with the caller and the time, all or nothing: a batch with one
 * bad event is a 400 and stores none of them.
 */
export async function recordEvents(
  ctx: AppContext,
  actor: Actor,
  input: BatchInput,
): Promise<{ message: string; count: number }> {
  const user = loggedUser(actor);
  const events = decodeEvents(input.events);
  const slugs = await logRepository.dashboardIdsBySlug(
    ctx.store.db,
    events.flatMap((e) =>
      e.source === 'dashboard' && typeof e.source_id === 'string' && intOf(e.source_id) === null
        ? [e.source_id]
        : [],
    ),
  );
  const dttm = new Date().toISOString();
  const referrer = input.referrer ? input.referrer.slice(0, MAX_REFERRER) : null;
  let total = 0;
  const rows: LogWrite[] = events.map((event, index) => {
    const json = JSON.stringify(event);
    if (json.length > MAX_EVENT_CHARS) {
      throw badRequest(`events.${index}: an event may hold at most ${MAX_EVENT_CHARS} characters`);
    }
    total += json.length;
    if (total > MAX_BATCH_CHARS) {
      throw badRequest(BATCH_TOO_BIG);
    }
    // Superset's client says the area in `source`: a dashboard's id, or Explore's chart id.
    const fromSource = (...kinds: string[]) =>
      kinds.includes(event.source ?? '')
        ? (intOf(event.source_id) ?? slugs.get(String(event.source_id)) ?? null)
        : null;
    return {
      action: VIEW_ACTIONS[event.event_name] ?? 'log',
      user_id: user.id,
      json,
      dttm,
      dashboard_id:
        intOf(event.dashboard_id) ?? fromSource('dashboard') ?? input.dashboardId ?? null,
      slice_id: intOf(event.slice_id) ?? fromSource('explore', 'slice') ?? input.sliceId ?? null,
      duration_ms:
        typeof event.duration === 'number' && Number.isFinite(event.duration)
          ? Math.max(0, Math.min(2147483647, Math.round(event.duration)))
          : null,
      referrer,
    };
  });
  await ctx.store.db.transaction().execute((trx) => logRepository.insertMany(trx, rows));
  return { message: 'OK', count: rows.length };
}

/** Where a failed query ran, as far as the place that failed knows it. */
export interface FailedQuery {
  /** `sql_lab_query_failed` or `chart_data_failed`. */
  action: string;
  userId: number | null;
  dashboardId?: number | null;
  sliceId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Records a failed SQL Lab or chart query with its error type, issue codes and details. It never
 * throws and is never awaited by the failing request: a broken log must not change an answer.
 */
export function logFailedQuery(ctx: AppContext, failure: FailedQuery, error: unknown): void {
  const body = isTesseraError(error) ? error.toBody() : { message: 'Internal server error' };
  const first = 'errors' in body ? body.errors[0] : undefined;
  const record = {
    event_name: failure.action,
    event_type: 'error',
    level: 'error',
    status: isTesseraError(error) ? error.status : 500,
    error_type: first?.error_type ?? (isTesseraError(error) ? error.errorType : undefined) ?? null,
    issue_codes: first?.extra.issue_codes.map((c) => c.code) ?? [],
    message: first?.message ?? ('message' in body ? body.message : null),
  };
  let json = JSON.stringify({ ...record, ...failure.details });
  // Details come from the failing request: past an event's size only the error itself is kept.
  if (json.length > MAX_EVENT_CHARS) {
    const text =
      typeof record.message === 'string' ? record.message : JSON.stringify(record.message);
    const message = text.slice(0, MAX_EVENT_CHARS / 4);
    json = JSON.stringify({ ...record, message, details_left_out: true });
  }
  const row: LogWrite = {
    action: failure.action,
    user_id: failure.userId,
    json,
    dttm: new Date().toISOString(),
    dashboard_id: intOf(failure.dashboardId),
    slice_id: intOf(failure.sliceId),
    duration_ms: null,
    referrer: null,
  };
  logRepository.insertMany(ctx.store.db, [row]).catch((cause: unknown) => {
    ctx.logger.warn({ error: (cause as Error)?.name }, 'could not log a failed query');
  });
}

/** A SQL Lab run's failure, read from its `query` row. */
export function logFailedSqlLabRun(
  ctx: AppContext,
  run: { user_id: number | null; database_id: number; schema: string | null; client_id: string },
  error: unknown,
): void {
  logFailedQuery(
    ctx,
    {
      action: 'sql_lab_query_failed',
      userId: run.user_id,
      details: { db_id: run.database_id, schema: run.schema, client_id: run.client_id },
    },
    error,
  );
}

/** The form data of a query context, or of a legacy explore_json body (JSON text there). */
function formDataOf(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw === 'string' && raw.length <= MAX_EVENT_CHARS * 4 && !nestsTooDeep(raw)) {
    try {
      return formDataOf(JSON.parse(raw));
    } catch {
      return undefined;
    }
  }
  return raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : undefined;
}

/** A chart query's failure, read from the query context (or legacy form data) it was asked with. */
export function logFailedChartQuery(
  ctx: AppContext,
  actor: Actor,
  queryContext: unknown,
  error: unknown,
): void {
  const formData = formDataOf((queryContext as { form_data?: unknown } | null)?.form_data);
  const datasource = (queryContext as { datasource?: unknown } | null)?.datasource ?? null;
  logFailedQuery(
    ctx,
    {
      action: 'chart_data_failed',
      userId: actor.user?.id ?? null,
      sliceId: intOf(formData?.slice_id),
      dashboardId: intOf(formData?.dashboardId),
      details: { datasource, viz_type: formData?.viz_type ?? null },
    },
    error,
  );
}

const LIST_COLUMNS = [
  'id',
  'action',
  'user.username',
  'user_id',
  'dttm',
  'json',
  'dashboard_id',
  'slice_id',
  'duration_ms',
  'referrer',
];
const ORDER_COLUMNS = ['id', 'action', 'dttm', 'duration_ms'] as const;

function filtersOf(q: ListQuery): LogListFilters {
  const filters: LogListFilters = {};
  for (const filter of q.filters ?? []) {
    const value = filter.value;
    switch (`${filter.col}:${filter.opr}`) {
      case 'action:eq':
      case 'action:ct':
        filters.action = { opr: filter.opr as 'eq' | 'ct', value: String(value ?? '') };
        break;
      case 'user:rel_o_m':
      case 'user:eq':
      case 'user_id:eq': {
        const id = intOf(value);
        if (id === null)
          throw badRequest(`Not a valid rison schema: filters: ${filter.col} needs an id`);
        filters.userId = id;
        break;
      }
      case 'dttm:gt':
        filters.dttmAfter = String(value);
        break;
      case 'dttm:lt':
        filters.dttmBefore = String(value);
        break;
      default:
        throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
    }
  }
  return filters;
}

function toItem(row: Awaited<ReturnType<typeof logRepository.get>> & object): LogItem {
  return {
    id: row.id,
    action: row.action ?? '',
    user_id: row.user_id,
    user: row.username === null ? null : { username: row.username },
    json: row.json,
    dttm: row.dttm,
    dashboard_id: row.dashboard_id,
    slice_id: row.slice_id,
    duration_ms: row.duration_ms,
    referrer: row.referrer,
  };
}

/** `GET /api/v1/log/`: every user's log, for admins only; newest first unless asked. */
export async function listLogs(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<LogListAnswer> {
  loggedUser(actor);
  requireAdmin(actor);
  const order = q.order_column ?? 'dttm';
  if (!(ORDER_COLUMNS as readonly string[]).includes(order)) {
    throw badRequest(`Not a valid rison schema: order_column: ${order} is not allowed`);
  }
  const pageSize = q.page_size ?? 25;
  const page: LogPage = {
    offset: pageSize > 0 ? (q.page ?? 0) * pageSize : 0,
    limit: pageSize > 0 ? pageSize : null,
    orderColumn: order as LogPage['orderColumn'],
    direction: q.order_direction ?? 'desc',
  };
  const { rows, count } = await logRepository.list(ctx.store.db, filtersOf(q), page);
  return listEnvelope(
    { count, ids: rows.map((r) => r.id), result: rows.map(toItem) },
    { title: 'List Log', listColumns: LIST_COLUMNS, orderColumns: ORDER_COLUMNS, label: labelOf },
    q.keys,
  ) as LogListAnswer;
}

export async function getLog(ctx: AppContext, actor: Actor, id: number) {
  loggedUser(actor);
  requireAdmin(actor);
  const row = await logRepository.get(ctx.store.db, id);
  if (!row) throw notFound();
  return { id, result: toItem(row) };
}

/** How far back recent activity looks, as Superset's: a year. */
const RECENT_WINDOW_MS = 365 * 24 * 3600 * 1000;

/**
 * `GET /api/v1/log/recent_activity/`: the caller's own latest views of dashboards and charts,
 * newest first; nobody reads another user's.
 */
export async function recentActivity(
  ctx: AppContext,
  actor: Actor,
  q: RecentActivityQuery,
): Promise<{ result: RecentActivityItem[] }> {
  const user = loggedUser(actor);
  const pageSize = q.page_size ?? 25;
  const actions = (q.actions ?? RECENT_ACTIONS).filter((a) => RECENT_ACTIONS.includes(a));
  if (actions.length === 0) return { result: [] };
  const now = new Date();
  const rows = await logRepository.recentViews(
    ctx.store.db,
    {
      userId: user.id,
      actions,
      since: new Date(now.getTime() - RECENT_WINDOW_MS).toISOString(),
      distinct: q.distinct ?? true,
    },
    { offset: (q.page ?? 0) * pageSize, limit: pageSize },
  );
  return {
    result: rows.map((row) => {
      const dashboard = row.dashboard_title !== null && row.dashboard_id !== null;
      return {
        action: row.action,
        item_type: dashboard ? 'dashboard' : 'slice',
        item_url: dashboard
          ? dashboardUrl({ id: row.dashboard_id as number, slug: row.dashboard_slug })
          : chartUrl(row.slice_id as number),
        item_title: (dashboard ? row.dashboard_title : row.slice_name) ?? '',
        time: new Date(row.dttm).getTime(),
        time_delta_humanized: humanizeAge(row.dttm, now),
      };
    }),
  };
}

/** Deletes rows older than the configured retention; 0 days keeps everything. */
export async function pruneLogs(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const days = ctx.config.logRetentionDays;
  if (days <= 0) return 0;
  const before = new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();
  return logRepository.deleteOlderThan(ctx.store.db, before);
}
