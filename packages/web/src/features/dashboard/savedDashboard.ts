import type { DashboardWriteAnswer } from '@tessera/shared/api/dashboards';

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

const INTEGER = /^[+-]?\d+(?:_\d+)*$/;
const UUID_HEX = /^[0-9a-f]{32}$/i;

/**
 * Whether a path segment is read as an id or a uuid before it is tried as a slug (Superset's
 * get_by_id_or_slug): a dashboard whose slug reads so can only be opened by its id.
 */
export function readsAsIdOrUuid(segment: string): boolean {
  const text = segment.trim();
  if (INTEGER.test(text)) return true;
  const hex = text
    .replace(/^urn:/i, '')
    .replace(/^uuid:/i, '')
    .replace(/^\{+|\}+$/g, '')
    .replaceAll('-', '');
  return UUID_HEX.test(hex);
}

/** `/superset/dashboard/{slug or id}/`, the spec's address after a save. */
export function savedDashboardUrl(dashboard: { id: number; slug: string | null | undefined }) {
  const { id, slug } = dashboard;
  return `/superset/dashboard/${slug && !readsAsIdOrUuid(slug) ? slug : id}/`;
}

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
