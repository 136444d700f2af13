import { DEFAULT_STAGGER_TIME, type JsonMetadata } from '@tessera/shared/dashboard/metadata';

/** Auto-refresh: the intervals offered and how a timed refresh spreads its charts. */

/** Seconds and labels, 10 seconds to 24 hours (0 turns it off). */
export const REFRESH_INTERVALS: ReadonlyArray<readonly [seconds: number, label: string]> = [
  [0, "Don't refresh"],
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
];

export function refreshIntervalLabel(seconds: number): string {
  return REFRESH_INTERVALS.find(([s]) => s === seconds)?.[1] ?? `${seconds} seconds`;
}

/**
 * When each chart of a timed refresh fires, in milliseconds from the tick: spread evenly over the
 * larger of the refresh frequency and `stagger_time` (default 5000 ms) unless `stagger_refresh`
 * is false; charts named in `timed_refresh_immune_slices` are left out.
 */
export function staggeredRefreshPlan(
  chartIds: readonly number[],
  metadata: Pick<JsonMetadata, 'stagger_refresh' | 'stagger_time' | 'timed_refresh_immune_slices'>,
  frequencySeconds: number,
): Array<{ chartId: number; delayMs: number }> {
  const immune = new Set(metadata.timed_refresh_immune_slices ?? []);
  const affected = chartIds.filter((id) => !immune.has(id));
  const stagger = metadata.stagger_refresh !== false;
  const windowMs = Math.max(frequencySeconds * 1000, metadata.stagger_time ?? DEFAULT_STAGGER_TIME);
  const step = stagger && affected.length > 1 ? windowMs / (affected.length - 1) : 0;
  return affected.map((chartId, index) => ({ chartId, delayMs: Math.round(step * index) }));
}
