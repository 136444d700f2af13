import { nanoid } from '@reduxjs/toolkit';
import { type ClientErrorObject, FALLBACK_ERROR } from '@tessera/shared/clientErrors';
import { toClientErrorObject } from './api.ts';

/**
 * The client's event log (spec "Log event" and "Logging"). Events are built here with the spec's
 * fields and handed to whoever listens: `features/logs/eventLogSender.ts` batches them to the
 * server. An event with no listener (tests, the sender switched off) is dropped, on purpose.
 */

export type LogSource = 'dashboard' | 'sqlLab' | 'explore';
export type LogEventType = 'user' | 'timing';

export interface LogEvent {
  impression_id: string;
  version: 'v2';
  source: LogSource | null;
  source_id: number | string | null;
  dashboard_id?: number;
  slice_id?: number;
  db_id?: number;
  schema?: string;
  ts: number;
  event_name: string;
  event_type: LogEventType;
  event_id: string;
  visibility: 'visible' | 'hidden';
  trigger_event?: string;
  target_id?: string;
  target_name?: string;
  [extra: string]: unknown;
}

/** The area a page belongs to, by the spec's path fragments `/dashboard/` and `/sqllab/`. */
export function logSourceOfPath(pathname: string): LogSource | null {
  if (pathname.includes('/dashboard/')) return 'dashboard';
  if (pathname.includes('/sqllab/')) return 'sqlLab';
  return null;
}

type Listener = (event: LogEvent) => void;
const listeners = new Set<Listener>();
/** One impression per page load: every event of the visit carries it. */
const impressionId = nanoid();
/** The last user event: a timing event names it as its trigger, as Superset's logger does. */
let lastUserEventId: string | undefined;

export function addLogListener(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface LogContext {
  /** The area, when the path does not tell it (Explore says `explore`, as Superset does). */
  source?: LogSource;
  sourceId?: number | string | null;
  pathname?: string;
  eventType?: LogEventType;
  [field: string]: unknown;
}

export function logEvent(eventName: string, context: LogContext = {}): LogEvent {
  const { source, sourceId, pathname, eventType, ...fields } = context;
  const path = pathname ?? globalThis.location?.pathname ?? '';
  const type = eventType ?? 'user';
  const eventId = nanoid();
  if (type === 'user') lastUserEventId = eventId;
  const event: LogEvent = {
    ...(type === 'timing' && lastUserEventId ? { trigger_event: lastUserEventId } : {}),
    ...fields,
    impression_id: impressionId,
    version: 'v2',
    source: source ?? logSourceOfPath(path),
    source_id: sourceId ?? null,
    ts: Date.now(),
    event_name: eventName,
    event_type: type,
    event_id: eventId,
    visibility: globalThis.document?.visibilityState === 'hidden' ? 'hidden' : 'visible',
  };
  for (const listener of listeners) listener(event);
  return event;
}

/** The event names, as Superset's log calls them. */
export const LOG_EVENTS = {
  spaNavigation: 'spa_navigation',
  mountExplorer: 'mount_explorer',
  loadChart: 'load_chart',
  mountDashboard: 'mount_dashboard',
  dashboardLoaded: 'load_dashboard',
  chartRendered: 'render_chart',
  forceRefreshChart: 'force_refresh_chart',
  forceRefreshDashboard: 'force_refresh_dashboard',
  periodicRefresh: 'periodic_render_dashboard',
  toggleEditMode: 'toggle_edit_dashboard',
  changeTab: 'change_dashboard_tab',
  exploreChart: 'explore_chart',
  exportCsv: 'export_csv_dashboard_chart',
  exportXlsx: 'export_xlsx_dashboard_chart',
  downloadImage: 'download_as_image',
  toggleFullscreen: 'toggle_fullscreen_chart',
  toggleDescription: 'toggle_description',
  shareChart: 'share_chart',
  dashboardDownloadImage: 'dashboard_download_as_image',
  dashboardDownloadPdf: 'dashboard_download_as_pdf',
  sqllabFetchFailedQuery: 'sqllab_fetch_failed_query',
  sqllabWarnLocalStorageUsage: 'sqllab_warn_local_storage_usage',
  sqllabRunQuery: 'sqllab_run_query',
  sqllabStopQuery: 'sqllab_stop_query',
  sqllabEstimateQueryCost: 'sqllab_estimate_query_cost',
  sqllabFormatSql: 'sqllab_format_sql',
  sqllabCreateTableAs: 'sqllab_create_table_as',
  sqllabCreateViewAs: 'sqllab_create_view_as',
  sqllabLoadTabState: 'sqllab_load_tab_state',
  /** Tessera's own: Superset only toasts a tab state it could not store, with no event. */
  sqllabStoreTabStateFailed: 'sqllab_store_tab_state_failed',
} as const;

/** What an event says of one error of a failure, as Superset's SQL Lab logs it. */
export interface ErrorLogFields {
  error_type?: string;
  /** The issue codes' numbers; Superset's `[-1]` when the error names none. */
  issue_codes: number[];
  error_details: string;
}

/**
 * Longest `error_details` kept: a database's message can quote a whole statement, and the server
 * refuses a batch holding an event over MAX_EVENT_CHARS, which would lose the batch's other events.
 */
export const MAX_ERROR_DETAILS_CHARS = 2000;

export const clipErrorDetails = (text: string) =>
  text.length > MAX_ERROR_DETAILS_CHARS ? `${text.slice(0, MAX_ERROR_DETAILS_CHARS)}…` : text;

/**
 * One entry per error of a failure's payload (Superset logs an event for each); a failure that
 * names no error (a network failure, a bare message) still gives one entry with its message.
 */
export function errorLogFields(info: ClientErrorObject): ErrorLogFields[] {
  const errors = info.errors ?? [];
  if (errors.length === 0)
    return [{ issue_codes: [-1], error_details: clipErrorDetails(info.error) }];
  return errors.map((error) => {
    const codes = (error.extra?.issue_codes ?? []).map((issue) => issue.code);
    return {
      error_type: error.error_type,
      issue_codes: codes.length > 0 ? codes : [-1],
      error_details: clipErrorDetails(error.message),
    };
  });
}

/** Explore's mount event: the chart it opened (none for a new chart). */
export function logExploreMount(slice: { slice_id: number } | null | undefined): void {
  const id = slice?.slice_id;
  logEvent(LOG_EVENTS.mountExplorer, {
    source: 'explore',
    sourceId: id ?? null,
    ...(id === undefined ? {} : { slice_id: id }),
  });
}

/** What `load_chart` reads of a chart's form data. */
interface ChartLoadFormData {
  slice_id?: unknown;
  viz_type?: unknown;
  dashboardId?: unknown;
}

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/**
 * Superset's `load_chart` timing event around a chart's data call (Explore's and each dashboard
 * chart's): the duration, whether every part came from the cache, the rows, or that it failed and
 * why (error type, issue codes, details).
 * Answers what the call answers; an aborted call logs nothing.
 */
export async function logChartLoad<
  A extends {
    result: Array<{
      is_cached?: boolean | null;
      rowcount?: number;
      status?: string;
      error?: string | null;
    }>;
  },
>(answer: Promise<A>, formData: ChartLoadFormData): Promise<A> {
  const started = performance.now();
  const sliceId = numberOrUndefined(formData.slice_id);
  const dashboardId = numberOrUndefined(formData.dashboardId);
  const fields = {
    eventType: 'timing' as const,
    ...(dashboardId === undefined
      ? { source: 'explore' as const, sourceId: sliceId ?? null }
      : { source: 'dashboard' as const, sourceId: dashboardId, dashboard_id: dashboardId }),
    ...(sliceId === undefined ? {} : { slice_id: sliceId }),
    viz_type: formData.viz_type,
  };
  try {
    const value = await answer;
    // A part can fail inside a 200 answer: the chart shows that error, the event says it.
    const failed = value.result.find((part) => part.status === 'failed' || part.error);
    logEvent(LOG_EVENTS.loadChart, {
      ...fields,
      ...(failed
        ? { has_err: true, ...errorLogFields({ error: failed.error || FALLBACK_ERROR })[0] }
        : {}),
      is_cached: value.result.every((part) => part.is_cached === true),
      row_count: value.result.reduce((sum, part) => sum + (part.rowcount ?? 0), 0),
      duration: Math.round(performance.now() - started),
    });
    return value;
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'AbortError') {
      // The first error's type, issue codes and message, as Superset's `error_details`.
      const [first] = errorLogFields(toClientErrorObject(error));
      logEvent(LOG_EVENTS.loadChart, {
        ...fields,
        has_err: true,
        ...first,
        duration: Math.round(performance.now() - started),
      });
    }
    throw error;
  }
}
