import type { DashboardWriteAnswer } from '@tessera/shared/api/dashboards';
import { dashboardUrl } from '@tessera/shared/dashboard/slug';

/**
 * What the client does with a dashboard once the server has saved it: the address it moves to
 * and the toast it shows. The server cleans slugs (spaces to "-", anything else outside word
 * characters and "-" dropped), so the address is always built from its answer, never from what
 * the user typed.
 */

/** Superset's toast after the header's Save and after Save as. */
export const DASHBOARD_SAVED_MESSAGE = 'This dashboard was saved successfully.';
/** Superset's toast after Edit properties saves on its own (outside edit mode, or from the list). */
export const PROPERTIES_SAVED_MESSAGE = 'The dashboard has been saved';

/** `/superset/dashboard/{slug or id}/`, the spec's address after a save: the server's own. */
export const savedDashboardUrl = dashboardUrl;

/**
 * The slug as stored, from a PUT's answer: `result.slug` is the cleaned slug (an empty text when
 * nothing was left). An answer without it means the slug was not sent, so `sent` still holds.
 */
export function answeredSlug(
  answer: Pick<DashboardWriteAnswer, 'result'>,
  sent: string | null | undefined,
): string | null {
  const value = answer.result?.slug;
  if (typeof value === 'string') return value || null;
  if (value === null) return null;
  return sent || null;
}

/** The title as stored (the server applies the untitled rule), else the one sent. */
export function answeredTitle(answer: Pick<DashboardWriteAnswer, 'result'>, sent: string): string {
  const value = answer.result?.dashboard_title;
  return typeof value === 'string' && value !== '' ? value : sent;
}
