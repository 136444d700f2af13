import { TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../security/actor.ts';
import type { SecurityService } from '../../security/service.ts';
import type { Notification, NotificationFile } from '../delivery/notification.ts';
import type { ReportRow } from '../repository.ts';
import { chartFile, chartRows, htmlTable, queryFile, queryRows } from './data.ts';
import { capture } from './screenshot.ts';

/** What building a report's content needs beside the context. */
export interface ContentDeps {
  ctx: AppContext;
  security: SecurityService;
  /** Where Chromium reaches this server (the listening address), or null when it does not listen. */
  screenshotBaseUrl: string | null;
  /** Where the links in a mail point (the public address); the screenshot address otherwise. */
  linkBaseUrl: string | null;
}

// Superset waits minutes for slow dashboards (apache/superset#19301); two is the bound here.
const SCREENSHOT_TIMEOUT_MS = 120_000;

export function linkOf(base: string, row: ReportRow): string {
  if (row.chart_id !== null) return `${base}/explore/?slice_id=${row.chart_id}`;
  if (row.dashboard_id !== null) return `${base}/superset/dashboard/${row.dashboard_id}/`;
  return `${base}/savedqueryview/list/`;
}

async function screenshot(
  deps: ContentDeps,
  actor: Actor,
  row: ReportRow,
  format: 'PNG' | 'PDF',
  timeoutMs: number,
): Promise<NotificationFile> {
  const base = deps.screenshotBaseUrl;
  if (!base)
    throw new TesseraError(500, 'Screenshots need the server to be listening', {
      errorType: 'GENERIC_BACKEND_ERROR',
    });
  const userId = actor.user?.id;
  if (userId === undefined) throw new TesseraError(500, 'Scheduled report executor not found');
  // A session of the executor's own, ended as soon as the picture is taken.
  const session = await deps.security.createSession(userId);
  try {
    const target =
      row.chart_id !== null
        ? ({ kind: 'chart', id: row.chart_id } as const)
        : ({ kind: 'dashboard', id: row.dashboard_id as number } as const);
    const shot = await capture({
      baseUrl: base,
      sessionId: session.id,
      target,
      format,
      width: row.custom_width,
      timeoutMs,
    });
    const stem = `${target.kind}_${target.id}`;
    return format === 'PNG'
      ? { filename: `${stem}.png`, contentType: 'image/png', body: shot.body }
      : { filename: `${stem}.pdf`, contentType: 'application/pdf', body: shot.body };
  } finally {
    await deps.security.endSession(session.id);
  }
}

/** The mail or webhook of one run of `row`, made as `actor` (its executor). */
export async function buildNotification(
  deps: ContentDeps,
  actor: Actor,
  row: ReportRow,
  scheduled: Date,
  alert: Notification['alert'],
): Promise<Notification> {
  const { ctx } = deps;
  const format = row.report_format;
  const files: NotificationFile[] = [];
  let html: string | null = null;
  const timeoutMs = Math.min(SCREENSHOT_TIMEOUT_MS, row.working_timeout * 1000);
  const hasScreen = row.chart_id !== null || row.dashboard_id !== null;
  if ((format === 'PNG' || format === 'PDF') && hasScreen) {
    files.push(await screenshot(deps, actor, row, format, timeoutMs));
  } else if (format === 'CSV' || format === 'XLSX') {
    if (row.chart_id !== null) files.push(await chartFile(ctx, actor, row.chart_id, format));
    else if (row.database_id !== null && row.sql && row.type === 'Report')
      files.push(await queryFile(ctx, actor, row.database_id, row.sql, format, row.name));
  } else if (format === 'TEXT') {
    if (row.chart_id !== null) {
      const { columns, rows } = await chartRows(ctx, actor, row.chart_id);
      html = htmlTable(columns, rows);
    } else if (row.database_id !== null && row.sql && row.type === 'Report') {
      const { columns, rows } = await queryRows(ctx, actor, row.database_id, row.sql);
      html = htmlTable(columns, rows);
    }
  }
  const link = deps.linkBaseUrl ?? deps.screenshotBaseUrl ?? actor.baseUrl;
  return {
    reportId: row.id,
    type: row.type === 'Alert' ? 'Alert' : 'Report',
    name: row.name,
    subject: row.email_subject || `[${row.type === 'Alert' ? 'Alert' : 'Report'}] ${row.name}`,
    description: row.description,
    url: linkOf(link.replace(/\/$/, ''), row),
    scheduledDttm: scheduled.toISOString(),
    html,
    files,
    alert,
  };
}
