import { conflict } from '@tessera/shared/errors';

/**
 * Two editors saving the same dashboard: the later save must not silently undo the earlier one.
 * The editor states which version it loaded, as Superset's client does: `last_modified_time`
 * (epoch seconds, as answered by every write) inside the PUT's json_metadata, or an
 * `If-Unmodified-Since` header. A save that states neither overwrites, as before (scripts, and
 * the editor's "overwrite" after a conflict).
 */
export interface SavePrecondition {
  /** Epoch seconds of the version the client loaded; `changed_on` must not be later. */
  lastModifiedTime?: number;
}

export const DASHBOARD_CONFLICT_MESSAGE =
  'This dashboard was changed by someone else after you opened it. Reload it to see their ' +
  'changes, or save again to overwrite them.';

/** The precondition carried inside json_metadata text, if any (unreadable text states none). */
export function preconditionInMetadata(jsonMetadata: string | null | undefined): SavePrecondition {
  if (!jsonMetadata) return {};
  try {
    const value = JSON.parse(jsonMetadata) as { last_modified_time?: unknown } | null;
    const loaded = value && typeof value === 'object' ? value.last_modified_time : undefined;
    return typeof loaded === 'number' && Number.isFinite(loaded)
      ? { lastModifiedTime: loaded }
      : {};
  } catch {
    return {};
  }
}

/** The precondition of an `If-Unmodified-Since` header; an unreadable date is ignored, as HTTP says. */
export function preconditionInHeader(header: string | undefined): SavePrecondition {
  if (!header) return {};
  const at = Date.parse(header);
  return Number.isNaN(at) ? {} : { lastModifiedTime: at / 1000 };
}

/** 409 when the dashboard changed after the version the client loaded. */
export function assertNotChangedSince(
  row: { changed_on: string },
  precondition: SavePrecondition,
): void {
  const loaded = precondition.lastModifiedTime;
  if (loaded === undefined) return;
  const changed = new Date(row.changed_on).getTime();
  if (Number.isNaN(changed)) return;
  // Whole seconds on both sides: last_modified_time and HTTP dates carry no fraction.
  if (Math.floor(changed / 1000) > Math.floor(loaded)) throw conflict(DASHBOARD_CONFLICT_MESSAGE);
}
