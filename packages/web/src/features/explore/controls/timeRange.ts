import { formatTimeRange, getSinceUntil, NO_FILTER } from '@tessera/shared/time-range/index';
import { type CustomRange, decodeCustomRange, encodeCustomRange } from './customRange.ts';

/** The picker's tabs; a saved range reopens on the tab that can show it. */
export type TimeFrame = 'Last' | 'Previous' | 'Custom' | 'Advanced' | 'No filter';

export const LAST_RANGES = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'];
export const PREVIOUS_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar year',
];
const SEPARATOR = ' : ';

export function splitRange(range: string): [string, string] | null {
  // The separator is a colon with whitespace or an edge on both sides (times hold colons).
  const match = /(?:^|\s+):(?:\s+|$)/.exec(range);
  if (!match) return null;
  return [range.slice(0, match.index).trim(), range.slice(match.index + match[0].length).trim()];
}

/**
 * The Custom tab's reading of a range, only when writing it back gives the same text: a range
 * the tab would rewrite (other spacing, quotes, anchors) opens on Advanced and stays as typed.
 */
export function readCustomRange(range: string): CustomRange | null {
  const sides = splitRange(range.trim());
  const custom = sides ? decodeCustomRange(sides[0], sides[1]) : null;
  return custom && encodeCustomRange(custom) === range.trim() ? custom : null;
}

export function guessFrame(range: string | null | undefined): TimeFrame {
  const text = (range ?? '').trim();
  if (text === '' || text.toLowerCase() === NO_FILTER.toLowerCase()) return 'No filter';
  if (LAST_RANGES.some((r) => r.toLowerCase() === text.toLowerCase())) return 'Last';
  if (PREVIOUS_RANGES.some((r) => r.toLowerCase() === text.toLowerCase())) return 'Previous';
  if (readCustomRange(text)) return 'Custom';
  return 'Advanced';
}

/** The Advanced tab's two sides for a range, as Superset seeds them (`Last ...` is a start). */
export function advancedSides(range: string): [string, string] {
  const sides = splitRange(range.trim());
  if (sides) return sides;
  if (/^last\s/i.test(range.trim())) return [range.trim(), ''];
  if (/^next\s/i.test(range.trim())) return ['', range.trim()];
  return ['', ''];
}

export function joinRange(since: string, until: string): string {
  return `${since.trim()}${SEPARATOR}${until.trim()}`;
}

function shortDate(text: string): string {
  return text.endsWith('T00:00:00') ? text.slice(0, 10) : text;
}

export type ResolvedRange = { ok: true; text: string } | { ok: false; error: string };

/**
 * The dates a range stands for, read with the shared grammar as the server reads it, in the
 * form Superset shows them: `2024-01-01 ≤ col < 2024-02-01`.
 */
export function resolveTimeRange(range: string, now?: Date): ResolvedRange {
  try {
    const { since, until } = formatTimeRange(getSinceUntil(range, { now }));
    return {
      ok: true,
      text: `${since ? shortDate(since) : '-∞'} ≤ col < ${until ? shortDate(until) : '∞'}`,
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The wall times a range resolves to (`YYYY-MM-DDTHH:mm:ss`), null where open or unreadable. */
export function resolveBounds(
  range: string,
  now?: Date,
): { since: string | null; until: string | null } {
  try {
    const { since, until } = formatTimeRange(getSinceUntil(range, { now }));
    return { since: since || null, until: until || null };
  } catch {
    return { since: null, until: null };
  }
}
