import { conflict } from '@tessera/shared/errors';

/**
 * Two editors saving the same chart: the later save must not silently undo the earlier one. A
 * client states when the chart it edited was last changed, as `last_modified_time` in the body
 * (epoch seconds, what Superset's dashboard save sends) or an `If-Unmodified-Since` header; a save
 * without either overwrites, as before (scripts, and the "overwrite" choice after a conflict).
 */
export interface SavePrecondition {
  /** Epoch seconds of the version the client loaded; the chart's `changed_on` must not be later. */
  lastModifiedTime?: number;
}

export const CHART_CONFLICT_MESSAGE =
  'This chart was changed by someone else after you opened it. Reload it to see their changes, ' +
  'or save again to overwrite them.';

/**
 * When a chart was last changed, as the save answers carry it (`last_modified_time`, as Superset's
 * dashboard save answers): epoch seconds with milliseconds, for the client's next precondition.
 */
export function lastModifiedTime(row: { changed_on: string | Date }): number {
  return new Date(row.changed_on).getTime() / 1000;
}

/** The precondition of a request, from the body's `last_modified_time` or the header. */
export function preconditionOf(
  lastModifiedTime: number | undefined,
  ifUnmodifiedSince: string | undefined,
): SavePrecondition {
  if (typeof lastModifiedTime === 'number') return { lastModifiedTime };
  if (!ifUnmodifiedSince) return {};
  const at = Date.parse(ifUnmodifiedSince);
  // An unreadable date is ignored, as HTTP says of If-Unmodified-Since.
  return Number.isNaN(at) ? {} : { lastModifiedTime: at / 1000 };
}

/** 409 when the chart changed after the version the client loaded. */
export function assertNotChangedSince(
  row: { changed_on: string | Date },
  precondition: SavePrecondition,
): void {
  const loaded = precondition.lastModifiedTime;
  if (loaded === undefined) return;
  const changed = new Date(row.changed_on).getTime();
  if (Number.isNaN(changed)) return;
  // Whole seconds (Superset's epoch times, HTTP dates) compare by the second; a time with a
  // fraction, as Tessera's client sends `changed_on`, by the millisecond.
  const later = Number.isInteger(loaded)
    ? Math.floor(changed / 1000) > loaded
    : changed > Math.round(loaded * 1000);
  if (later) throw conflict(CHART_CONFLICT_MESSAGE);
}
