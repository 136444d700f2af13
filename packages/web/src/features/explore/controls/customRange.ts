import { UNITS, type Unit } from '@tessera/shared/time-range/wallClock';

/**
 * The Custom tab's model, as Superset's: each bound is a fixed point (a date/time, now, midnight)
 * or a distance from the other bound; when both are distances they hang from one anchor (now or
 * a date/time). It is written in the time-range grammar the server reads, with DATEADD.
 */

/** The grains a relative bound counts in: the units of the time-range grammar's DATEADD. */
export const TIME_GRAINS = UNITS;

export type TimeGrain = Unit;

export type CustomBound =
  | { mode: 'specific'; datetime: string }
  | { mode: 'relative'; amount: number; grain: TimeGrain }
  | { mode: 'now' }
  | { mode: 'today' };

export type BoundMode = CustomBound['mode'];

type FixedBound = Exclude<CustomBound, { mode: 'relative' }>;

export interface CustomRange {
  since: CustomBound;
  until: CustomBound;
  /** What two relative bounds count from: `now` or a date/time. */
  anchor: string;
}

/** Dates as the grammar and Superset's picker write them: wall clock, no zone. */
export const SPECIFIC_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const DATEADD = /^DATEADD\(DATETIME\("([^"]+)"\), (-?\d+), ([a-z]+)\)$/;

export const DEFAULT_CUSTOM_RANGE: CustomRange = {
  since: { mode: 'relative', amount: 7, grain: 'day' },
  until: { mode: 'today' },
  anchor: 'now',
};

function fixedText(bound: FixedBound): string {
  return bound.mode === 'specific' ? bound.datetime : bound.mode;
}

function dateAdd(base: string, amount: number, grain: TimeGrain): string {
  return `DATEADD(DATETIME("${base}"), ${amount}, ${grain})`;
}

/** `since : until` in the grammar; a start counts back from its base, an end forward. */
export function encodeCustomRange({ since, until, anchor }: CustomRange): string {
  const sinceText =
    since.mode === 'relative'
      ? dateAdd(until.mode === 'relative' ? anchor : fixedText(until), -since.amount, since.grain)
      : fixedText(since);
  const untilText =
    until.mode === 'relative'
      ? dateAdd(since.mode === 'relative' ? anchor : fixedText(since), until.amount, until.grain)
      : fixedText(until);
  return `${sinceText} : ${untilText}`;
}

type ReadSide = { fixed: FixedBound } | { base: string; amount: number; grain: TimeGrain } | null;

function readSide(text: string): ReadSide {
  if (text === 'now' || text === 'today') return { fixed: { mode: text } };
  if (SPECIFIC_DATETIME.test(text)) return { fixed: { mode: 'specific', datetime: text } };
  const match = DATEADD.exec(text);
  const grain = match?.[3] as TimeGrain | undefined;
  if (!match || !grain || !TIME_GRAINS.includes(grain)) return null;
  return { base: match[1] as string, amount: Number(match[2]), grain };
}

/**
 * The Custom tab's reading of `since : until`, or null when the text is not one the tab writes
 * (a distance from something other than the other bound, the wrong way, or a free phrase).
 */
export function decodeCustomRange(sinceText: string, untilText: string): CustomRange | null {
  const since = readSide(sinceText);
  const until = readSide(untilText);
  if (!since || !until) return null;
  const relative = (side: { amount: number; grain: TimeGrain }, sign: 1 | -1): CustomBound => ({
    mode: 'relative',
    amount: side.amount * sign,
    grain: side.grain,
  });
  if ('fixed' in since) {
    if ('fixed' in until) return { since: since.fixed, until: until.fixed, anchor: 'now' };
    if (until.base !== fixedText(since.fixed) || until.amount <= 0) return null;
    return { since: since.fixed, until: relative(until, 1), anchor: 'now' };
  }
  if ('fixed' in until) {
    if (since.base !== fixedText(until.fixed) || since.amount >= 0) return null;
    return { since: relative(since, -1), until: until.fixed, anchor: 'now' };
  }
  const anchored = since.base === 'now' || SPECIFIC_DATETIME.test(since.base);
  if (!anchored || since.base !== until.base || since.amount >= 0 || until.amount <= 0) {
    return null;
  }
  return { since: relative(since, -1), until: relative(until, 1), anchor: since.base };
}
