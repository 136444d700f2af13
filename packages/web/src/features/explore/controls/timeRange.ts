import { formatTimeRange, getSinceUntil, NO_FILTER } from '@tessera/shared/time-range/index';

/** The picker's tabs; a saved range reopens on the tab that can show it. */
export type TimeFrame = 'Last' | 'Previous' | 'Custom' | 'Advanced' | 'No filter';

export const LAST_RANGES = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'];
export const PREVIOUS_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar year',
];
export const TIME_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];

export type CustomSide =
  | { mode: 'specific'; value: string }
  | {
      mode: 'relative';
      amount: number;
      unit: string;
      direction: 'before' | 'after';
      anchor: string;
    }
  | { mode: 'now' }
  | { mode: 'today' }
  | { mode: 'unbounded' };

const SEPARATOR = ' : ';

export function guessFrame(range: string | null | undefined): TimeFrame {
  const text = (range ?? '').trim();
  if (text === '' || text.toLowerCase() === NO_FILTER.toLowerCase()) return 'No filter';
  if (LAST_RANGES.some((r) => r.toLowerCase() === text.toLowerCase())) return 'Last';
  if (PREVIOUS_RANGES.some((r) => r.toLowerCase() === text.toLowerCase())) return 'Previous';
  const sides = splitRange(text);
  if (sides && parseCustomSide(sides[0]) && parseCustomSide(sides[1])) return 'Custom';
  return 'Advanced';
}

export function splitRange(range: string): [string, string] | null {
  // The separator is a colon with whitespace or an edge on both sides (times hold colons).
  const match = /(?:^|\s+):(?:\s+|$)/.exec(range);
  if (!match) return null;
  return [range.slice(0, match.index).trim(), range.slice(match.index + match[0].length).trim()];
}

const RELATIVE = /^DATEADD\(DATETIME\("([^"]+)"\),\s*(-?\d+),\s*([a-z]+)\)$/i;
const SPECIFIC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;

export function parseCustomSide(text: string): CustomSide | null {
  const side = text.trim();
  if (side === '') return { mode: 'unbounded' };
  if (side.toLowerCase() === 'now') return { mode: 'now' };
  if (side.toLowerCase() === 'today') return { mode: 'today' };
  if (SPECIFIC.test(side)) return { mode: 'specific', value: side };
  const m = RELATIVE.exec(side);
  if (m && TIME_UNITS.includes((m[3] as string).toLowerCase())) {
    const amount = Number(m[2]);
    return {
      mode: 'relative',
      amount: Math.abs(amount),
      unit: (m[3] as string).toLowerCase(),
      direction: amount < 0 ? 'before' : 'after',
      anchor: m[1] as string,
    };
  }
  return null;
}

export function customSideText(side: CustomSide): string {
  switch (side.mode) {
    case 'unbounded':
      return '';
    case 'now':
    case 'today':
      return side.mode;
    case 'specific':
      return side.value.length === 16 ? `${side.value}:00` : side.value;
    case 'relative': {
      const amount = side.direction === 'before' ? -side.amount : side.amount;
      return `DATEADD(DATETIME("${side.anchor}"), ${amount}, ${side.unit})`;
    }
  }
}

export function customRange(since: CustomSide, until: CustomSide): string {
  return `${customSideText(since)}${SEPARATOR}${customSideText(until)}`.trim();
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
