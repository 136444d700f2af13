import { badRequest } from '../errors.ts';
import { cannotParse, evaluateExpression, isTimeExpression } from './expressions.ts';
import { type ParseContext, parseHumanDatetime } from './freeText.ts';
import { formatWall, wallClockOf } from './wallClock.ts';

/**
 * Superset's time-range grammar (reference/superset-api.md, "Time-range grammar"), shared by the
 * server's query engine and the client's picker. Results are wall times in the server's zone:
 * Dates whose UTC fields hold the clock reading (see wallClock.ts); the range is `>= since` and
 * `< until`, either side null when open.
 */

export { formatWall } from './wallClock.ts';

export const NO_FILTER = 'No filter';

export interface TimeRangeOptions {
  /** The current instant; defaults to the clock. Tests fix it. */
  now?: Date;
  /** IANA zone the calendar is read in (config.timeZone); UTC when absent. */
  timeZone?: string;
  /** What `Last ...` ranges end at and relative phrases count from (extras.relative_start). */
  relativeStart?: string;
  relativeEnd?: string;
}

export interface TimeRange {
  since: Date | null;
  until: Date | null;
}

const CALENDAR_UNIT = '(day|week|month|quarter|year)';
const ANY_UNIT = '(second|minute|hour|day|week|month|quarter|year)s?';

function sideToExpression(side: string, relativeStart: string, relativeEnd: string): string {
  const rs = `DATETIME('${relativeStart}')`;
  const re = `DATETIME('${relativeEnd}')`;
  let m = new RegExp(`^last\\s+${CALENDAR_UNIT}$`, 'i').exec(side);
  if (m) return `DATEADD(${rs}, -1, ${m[1]})`;
  m = new RegExp(`^last\\s+(\\d+)\\s+${ANY_UNIT}$`, 'i').exec(side);
  if (m) return `DATEADD(${rs}, -${m[1]}, ${m[2]})`;
  m = new RegExp(`^next\\s+(\\d+)\\s+${ANY_UNIT}$`, 'i').exec(side);
  if (m) return `DATEADD(${re}, ${m[1]}, ${m[2]})`;
  m = new RegExp(
    `^(start of|beginning of|end of)\\s+(this|last|prior|next)\\s+(?:(\\d+)\\s+)?${CALENDAR_UNIT}s?$`,
    'i',
  ).exec(side);
  if (m) {
    const [, modifier, scope, count, unit] = m as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const delta = count ?? '1';
    const scopeLower = scope.toLowerCase();
    const base =
      scopeLower === 'this'
        ? rs
        : `DATEADD(${rs}, ${scopeLower === 'next' ? '' : '-'}${delta}, ${unit})`;
    return modifier.toLowerCase() === 'end of'
      ? `LASTDAY(${base}, ${unit})`
      : `DATETRUNC(${base}, ${unit})`;
  }
  return side;
}

function evaluateSide(side: string, ctx: ParseContext, rs: string, re: string): Date | null {
  const text = side.trim();
  if (text === '') return null;
  const expression = sideToExpression(text, rs, re);
  if (isTimeExpression(expression)) return evaluateExpression(expression, ctx);
  const value = parseHumanDatetime(expression, ctx);
  if (!value) throw cannotParse(text);
  return value;
}

/** Rewrites the named ranges into `A : B` form. */
function expandNamedRange(range: string, rs: string, re: string): string {
  const trunc = (expr: string, unit: string) => `DATETRUNC(${expr}, ${unit})`;
  const base = `DATETIME('${rs}')`;
  let m = new RegExp(`^last\\s+${CALENDAR_UNIT}$`, 'i').exec(range);
  if (m) return `DATEADD(${base}, -1, ${m[1]}) : ${re}`;
  m = /^previous\s+calendar\s+(week|month|quarter|year)$/i.exec(range);
  if (m) {
    const unit = m[1] as string;
    return `${trunc(`DATEADD(${base}, -1, ${unit})`, unit)} : ${trunc(base, unit)}`;
  }
  m = new RegExp(`^current\\s+${CALENDAR_UNIT}$`, 'i').exec(range);
  if (m) {
    const unit = m[1] as string;
    return `${trunc(base, unit)} : ${trunc(`DATEADD(${base}, 1, ${unit})`, unit)}`;
  }
  return range;
}

/** The separator is a colon with space (or the string's edge) on both sides, so `10:30` stays. */
const SEPARATOR = /(?:^|\s+):(?:\s+|$)/;

/**
 * Resolves a time range. Throws a 400 TesseraError for text it cannot read and
 * `From date cannot be larger than to date` for a reversed range.
 */
export function getSinceUntil(
  timeRange: string | null | undefined,
  options: TimeRangeOptions = {},
): TimeRange {
  const range = (timeRange ?? '').trim();
  if (range === '' || range.toLowerCase() === NO_FILTER.toLowerCase()) {
    return { since: null, until: null };
  }
  const timeZone = options.timeZone ?? 'UTC';
  const ctx: ParseContext = { now: wallClockOf(options.now ?? new Date(), timeZone), timeZone };
  const rs = options.relativeStart ?? 'today';
  const re = options.relativeEnd ?? 'today';
  let expanded = expandNamedRange(range, rs, re);
  if (!SEPARATOR.test(expanded)) {
    if (/^last\s/i.test(expanded)) expanded = `${expanded} : ${re}`;
    else if (/^next\s/i.test(expanded)) expanded = `${rs} : ${expanded}`;
    else throw cannotParse(range);
  }
  const match = SEPARATOR.exec(expanded) as RegExpExecArray;
  const left = expanded.slice(0, match.index);
  const right = expanded.slice(match.index + match[0].length);
  if (SEPARATOR.test(right)) throw cannotParse(range);
  const since = evaluateSide(left, ctx, rs, re);
  const until = evaluateSide(right, ctx, rs, re);
  if (since && until && since.getTime() > until.getTime()) {
    throw badRequest('From date cannot be larger than to date');
  }
  return { since, until };
}

/** `{since, until}` as Superset's `/api/v1/time_range/` prints them (empty string when open). */
export function formatTimeRange(range: TimeRange): { since: string; until: string } {
  return {
    since: range.since ? formatWall(range.since) : '',
    until: range.until ? formatWall(range.until) : '',
  };
}
