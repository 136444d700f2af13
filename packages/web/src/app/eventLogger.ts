import { nanoid } from '@reduxjs/toolkit';

/**
 * The client's event log (spec "Log event" and "Logging"). Events are built here with the spec's
 * fields and handed to whoever listens; nothing is sent anywhere yet: the logging issue adds the
 * listener that persists them. Until then an event with no listener is dropped, on purpose.
 */

export type LogSource = 'dashboard' | 'sqlLab';
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

export function addLogListener(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface LogContext {
  sourceId?: number | string | null;
  pathname?: string;
  eventType?: LogEventType;
  [field: string]: unknown;
}

export function logEvent(eventName: string, context: LogContext = {}): LogEvent {
  const { sourceId, pathname, eventType, ...fields } = context;
  const path = pathname ?? globalThis.location?.pathname ?? '';
  const event: LogEvent = {
    ...fields,
    impression_id: impressionId,
    version: 'v2',
    source: logSourceOfPath(path),
    source_id: sourceId ?? null,
    ts: Date.now(),
    event_name: eventName,
    event_type: eventType ?? 'user',
    event_id: nanoid(),
    visibility: globalThis.document?.visibilityState === 'hidden' ? 'hidden' : 'visible',
  };
  for (const listener of listeners) listener(event);
  return event;
}

/** The dashboard's event names, as Superset's log calls them. */
export const LOG_EVENTS = {
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
} as const;
