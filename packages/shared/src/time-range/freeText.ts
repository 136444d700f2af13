import { badRequest } from '../errors.ts';
import { addUnits, startOfDay, toUnit, wall, wallClockOf } from './wallClock.ts';

/**
 * Human datetimes as Superset's `parse_human_datetime` reads them: `now`, `today`, `yesterday`,
 * `tomorrow`, ISO dates and datetimes, `YYYY/MM/DD`, US `MM/DD/YYYY`, month-name dates
 * (`March 3, 2021`, `3 Mar 2021`, `March 2021`) with an optional time, and `N units ago|later`.
 * Written here rather than taken from npm so the same few hundred bytes run in the browser.
 */

export interface ParseContext {
  /** The current wall-clock time in the server's zone. */
  now: Date;
  timeZone: string;
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function monthNumber(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((m) => lower.startsWith(m));
  if (index < 0) return null;
  const full = new Date(Date.UTC(2000, index, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  // Either the abbreviation, optionally with a dot, or a prefix of the full name ("Sept").
  return full.toLowerCase().startsWith(lower.replace(/\.$/, '')) ? index + 1 : null;
}

function validDate(y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const date = wall(y, m, d, h, mi, s, ms);
  return date.getUTCDate() === d ? date : null;
}

interface TimeOfDay {
  h: number;
  mi: number;
  s: number;
}

const TIME_SUFFIX = /(?:[T\s]+|,\s*)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/i;

/** Splits a trailing `HH:MM[:SS] [am|pm]` off a date text. */
function splitTime(text: string): { rest: string; time: TimeOfDay } | null {
  const match = TIME_SUFFIX.exec(text);
  if (!match) return { rest: text, time: { h: 0, mi: 0, s: 0 } };
  let h = Number(match[1]);
  const meridiem = match[4]?.toLowerCase();
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  return {
    rest: text.slice(0, match.index).trim(),
    time: { h, mi: Number(match[2]), s: Number(match[3] ?? 0) },
  };
}

const ISO =
  /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function parseIso(text: string, ctx: ParseContext): Date | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const date = validDate(
    Number(m[1]),
    Number(m[2] ?? 1),
    Number(m[3] ?? 1),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
    ms,
  );
  if (!date || !m[8]) return date;
  // An explicit offset names an instant: read it on the server zone's clock.
  const offset = m[8].toUpperCase() === 'Z' ? 0 : offsetMinutes(m[8]);
  return wallClockOf(new Date(date.getTime() - offset * 60_000), ctx.timeZone);
}

function offsetMinutes(text: string): number {
  const digits = text.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
}

function parseCalendar(text: string): Date | null {
  const split = splitTime(text);
  if (!split) return null;
  const { rest, time } = split;
  const at = (y: number, mo: number, d: number) => validDate(y, mo, d, time.h, time.mi, time.s);
  let m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(rest);
  if (m) return at(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(rest);
  if (m) return at(Number(m[3]), Number(m[1]), Number(m[2]));
  const words = rest.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const day = (w: string | undefined) => (w ? /^(\d{1,2})(?:st|nd|rd|th)?$/i.exec(w) : null);
  const year = (w: string | undefined) => (w && /^\d{4}$/.test(w) ? Number(w) : null);
  if (words.length === 3) {
    const [a, b, c] = words as [string, string, string];
    const y = year(c);
    const monthFirst = monthNumber(a);
    const dayFirst = day(a);
    if (y !== null && monthFirst !== null && day(b)) return at(y, monthFirst, Number(day(b)?.[1]));
    const monthSecond = monthNumber(b);
    if (y !== null && dayFirst && monthSecond !== null)
      return at(y, monthSecond, Number(dayFirst[1]));
  }
  if (words.length === 2) {
    const [a, b] = words as [string, string];
    const y = year(b);
    const mo = monthNumber(a);
    if (y !== null && mo !== null) return at(y, mo, 1);
  }
  return null;
}

const RELATIVE = /^(\d+)\s+([a-z]+?)s?\s+(ago|later)$/i;
const AMBIGUOUS = /^(\d+)\s+([a-z]+?)s?$/i;

/** Parses a human datetime; null when the text is not one. */
export function parseHumanDatetime(raw: string, ctx: ParseContext): Date | null {
  const text = raw.trim();
  const lower = text.toLowerCase();
  if (lower === 'now') return ctx.now;
  if (lower === 'today') return startOfDay(ctx.now);
  if (lower === 'yesterday') return addUnits(startOfDay(ctx.now), -1, 'day');
  if (lower === 'tomorrow') return addUnits(startOfDay(ctx.now), 1, 'day');
  const relative = RELATIVE.exec(text);
  if (relative) {
    const unit = toUnit(relative[2] as string);
    if (!unit) return null;
    const amount = Number(relative[1]) * (relative[3]?.toLowerCase() === 'ago' ? -1 : 1);
    // Whole days and longer count from midnight, as parsedatetime does for date-only phrases.
    const base = ['second', 'minute', 'hour'].includes(unit) ? ctx.now : startOfDay(ctx.now);
    return addUnits(base, amount, unit);
  }
  const ambiguous = AMBIGUOUS.exec(text);
  if (ambiguous && toUnit(ambiguous[2] as string)) {
    throw badRequest(`Time string is ambiguous. Please specify [${text} ago] or [${text} later].`);
  }
  return parseIso(text, ctx) ?? parseCalendar(text);
}
