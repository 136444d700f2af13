import { PREFETCH_LIFETIME_MS } from '../../app/api.ts';
import type { EarlyDashboard } from './earlyStart.ts';

/**
 * The dashboard route's loader starts the page's first work (its reads, then the data of the
 * charts on its first screen) while the page's code is still loading; the page takes it from
 * here, once. Kept apart from `earlyStart.ts` so the router carries this much only.
 */

interface Pending {
  idOrSlug: string;
  startedAt: number;
  early: Promise<EarlyDashboard>;
}

let pending: Pending | null = null;

export function rememberEarlyDashboard(idOrSlug: string, early: Promise<EarlyDashboard>): void {
  // The page reports failures through its own calls; nobody may ever take this one.
  early.catch(() => undefined);
  pending = { idOrSlug, startedAt: Date.now(), early };
}

/** The early start of dashboard `idOrSlug` if there is a fresh one, removed so it is used once. */
export function takeEarlyDashboard(idOrSlug: string): Promise<EarlyDashboard> | null {
  const taken = pending;
  if (!taken || taken.idOrSlug !== idOrSlug) return null;
  pending = null;
  return Date.now() - taken.startedAt > PREFETCH_LIFETIME_MS ? null : taken.early;
}
