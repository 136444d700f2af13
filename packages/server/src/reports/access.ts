import { TesseraError } from '@tessera/shared/errors';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import { readableDashboard } from '../dashboards/access.ts';
import { type Actor, actsAsAdmin, requirePermission } from '../security/actor.ts';
import type { ReportRow } from './repository.ts';

export const VIEW = 'ReportSchedule';
export const CHART_MISSING = 'Chart does not exist';
export const DASHBOARD_MISSING = 'Dashboard does not exist';
export const REPORT_FORBIDDEN = 'You do not have permission to change this report';

export const invalid = (field: string, message: string, status = 422) =>
  new TesseraError(status, 'Invalid input', { fields: { [field]: [message] } });

export const reader = (actor: Actor) => requirePermission(actor, 'can_read', VIEW);
export const writer = (actor: Actor) => requirePermission(actor, 'can_write', VIEW);

/** Whether `actor` may see a report: an admin, its creator, or one of its owners. */
export function maySee(actor: Actor, report: ReportRow, owners: number[]): boolean {
  if (actsAsAdmin(actor)) return true;
  const me = actor.user?.id;
  return me !== undefined && (report.created_by_fk === me || owners.includes(me));
}

/** Whether `actor` may change, delete or run a report: an admin or one of its owners. */
export function mayChange(actor: Actor, owners: number[]): boolean {
  if (actsAsAdmin(actor)) return true;
  const me = actor.user?.id;
  return me !== undefined && owners.includes(me);
}

/**
 * The chart or dashboard a report sends must be readable by `actor` (the caller on a write, the
 * executor on a run). An unreadable one answers as a missing one: nothing about it is revealed.
 */
export async function checkContent(
  ctx: AppContext,
  actor: Actor,
  content: { chart?: number | null; dashboard?: number | null },
): Promise<void> {
  if (content.chart != null) {
    try {
      requirePermission(actor, 'can_read', 'Chart');
      await visibleChart(ctx, actor, content.chart);
    } catch (error) {
      if (error instanceof TesseraError && error.status < 500)
        throw invalid('chart', CHART_MISSING);
      throw error;
    }
  }
  if (content.dashboard != null) {
    try {
      await readableDashboard(ctx, actor, content.dashboard);
    } catch (error) {
      if (error instanceof TesseraError && error.status < 500)
        throw invalid('dashboard', DASHBOARD_MISSING);
      throw error;
    }
  }
}
