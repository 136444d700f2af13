import type { QueryObject } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import { formatWall } from '@tessera/shared/time-range/index';
import { type Cell, columnNames, columnsOf, type Frame, frameOf } from './postprocessing/frame.ts';

/**
 * Time comparison (`time_offsets`): each offset such as `1 year ago` (or the spec's time-shift
 * choices `1 day`, `1 week`, `28 days`, `30 days`, `52 weeks`, `1 year`, `104 weeks`,
 * `2 years`, `156 weeks`, `3 years`, which mean "ago") runs the query again over the range
 * shifted back by the offset; its x-axis is shifted forward again and its metrics, renamed
 * `<metric>__<offset>` as Superset names them, are left-joined onto the main result by every
 * non-metric column.
 */

const UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
type Unit = (typeof UNITS)[number];

export interface TimeOffset {
  text: string;
  amount: number;
  unit: Unit;
  /** -1: into the past (`ago`, the default); +1: into the future (`later`, `after`). */
  direction: -1 | 1;
}

const OFFSET =
  /^\s*(\d+)\s+(second|minute|hour|day|week|month|quarter|year)s?(?:\s+(ago|before|later|after))?\s*$/i;
/** A custom comparison start (`start_date_offset`): the shifted range starts that day. */
const OFFSET_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** "Inherit range from time filter": shifted back by the length of the range itself. */
export const INHERIT_OFFSET = 'inherit';

const DAY_MS = 86_400_000;

function invalidOffset(text: string) {
  return badRequest(`Invalid time offset: "${text}". Use e.g. "1 year ago" or "28 days ago".`);
}

function dateOf(text: string): Date | null {
  const match = OFFSET_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * An offset as written: `N <unit> [ago|before|later|after]`, `inherit`, or a date. The last two
 * depend on the query's time range (`resolveTimeOffset`); here they are only checked.
 */
export function parseTimeOffset(text: string): TimeOffset {
  if (text === INHERIT_OFFSET || dateOf(text))
    return { text, amount: 0, unit: 'day', direction: -1 };
  const match = OFFSET.exec(text);
  if (!match) throw invalidOffset(text);
  const word = (match[3] ?? 'ago').toLowerCase();
  return {
    text,
    amount: Number(match[1]),
    unit: (match[2] as string).toLowerCase() as Unit,
    direction: word === 'ago' || word === 'before' ? -1 : 1,
  };
}

/**
 * An offset against the query's time range, as Superset turns `inherit` and dates into days:
 * `inherit` is the whole days from the range's start to its end, a date the whole days from it
 * to the range's start, both "ago". They need a range with both ends.
 */
export function resolveTimeOffset(
  text: string,
  range: { since: Date | null; until: Date | null },
): TimeOffset {
  const date = dateOf(text);
  if (text !== INHERIT_OFFSET && !date) return parseTimeOffset(text);
  const { since, until } = range;
  if (!since || !until) {
    throw badRequest(`Time offset "${text}" needs a time range with a start and an end`);
  }
  const from = date ?? since;
  const to = date ? since : until;
  const amount = Math.floor((to.getTime() - from.getTime()) / DAY_MS);
  return { text, amount: Math.abs(amount), unit: 'day', direction: amount >= 0 ? -1 : 1 };
}

/** The date moved by the offset (sign -1 backwards, +1 forwards), on the wall clock. */
export function shiftDate(date: Date, offset: TimeOffset, sign: -1 | 1): Date {
  const n = offset.amount * offset.direction * sign;
  const d = new Date(date.getTime());
  switch (offset.unit) {
    case 'second':
      d.setUTCSeconds(d.getUTCSeconds() + n);
      break;
    case 'minute':
      d.setUTCMinutes(d.getUTCMinutes() + n);
      break;
    case 'hour':
      d.setUTCHours(d.getUTCHours() + n);
      break;
    case 'day':
      d.setUTCDate(d.getUTCDate() + n);
      break;
    case 'week':
      d.setUTCDate(d.getUTCDate() + 7 * n);
      break;
    case 'month':
    case 'quarter':
    case 'year': {
      const months = offset.unit === 'month' ? n : offset.unit === 'quarter' ? 3 * n : 12 * n;
      const day = d.getUTCDate();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + months);
      // Like pandas' DateOffset: the 29th of February a year on is the 28th, not the 1st of March.
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      d.setUTCDate(Math.min(day, last));
      break;
    }
  }
  return d;
}

const rangeText = (since: Date | null, until: Date | null) =>
  `${since ? formatWall(since) : ''} : ${until ? formatWall(until) : ''}`;

/**
 * The query for one offset: the main query's time range (the first TEMPORAL_RANGE filter, or
 * the legacy `time_range`) moved by the offset, without time offsets or post-processing.
 */
export function offsetQuery(
  query: QueryObject,
  offset: TimeOffset,
  range: { since: Date | null; until: Date | null },
): QueryObject {
  const since = range.since ? shiftDate(range.since, offset, 1) : null;
  const until = range.until ? shiftDate(range.until, offset, 1) : null;
  const text = rangeText(since, until);
  let replaced = false;
  const filters = (query.filters ?? []).map((f) => {
    if (replaced || f.op !== 'TEMPORAL_RANGE') return f;
    replaced = true;
    return { ...f, val: text };
  });
  return {
    ...query,
    filters,
    time_range: !replaced && query.time_range ? text : query.time_range,
    time_offsets: [],
    post_processing: [],
    is_rowcount: false,
  };
}

/**
 * Left-joins an offset query's result onto the main one: `temporal` columns of the offset frame
 * are shifted forward by the offset, metrics are renamed `<metric>__<offset>`, and rows match on
 * every column that is not a metric.
 */
export function joinOffset(
  main: Frame,
  other: Frame,
  offset: TimeOffset,
  metricLabels: readonly string[],
  temporal: ReadonlySet<string>,
): Frame {
  const metrics = new Set(metricLabels);
  const keys = columnNames(main).filter((name) => !metrics.has(name));
  const otherColumns = columnsOf(other);
  const otherRows = other.table.numRows();
  const shifted = (name: string, value: Cell): Cell =>
    temporal.has(name) && typeof value === 'number'
      ? shiftDate(new Date(value), offset, -1).getTime()
      : value;
  const keyOf = (cols: Map<string, Cell[]>, row: number, shift: boolean) =>
    JSON.stringify(
      keys.map((k) => {
        const value = cols.get(k)?.[row] ?? null;
        return shift ? shifted(k, value) : value;
      }),
    );
  const lookup = new Map<string, number>();
  for (let row = 0; row < otherRows; row += 1) {
    const key = keyOf(otherColumns, row, true);
    if (!lookup.has(key)) lookup.set(key, row);
  }
  const mainColumns = columnsOf(main);
  const mainRows = main.table.numRows();
  const out = new Map(mainColumns);
  for (const metric of metricLabels) {
    const source = otherColumns.get(metric) ?? [];
    const values: Cell[] = [];
    for (let row = 0; row < mainRows; row += 1) {
      const match = lookup.get(keyOf(mainColumns, row, false));
      values.push(match === undefined ? null : (source[match] ?? null));
    }
    out.set(`${metric}__${offset.text}`, values);
  }
  return frameOf(out, main.index);
}
