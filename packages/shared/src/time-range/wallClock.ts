/**
 * Wall-clock arithmetic. A "wall time" is a Date whose UTC fields hold the clock reading in the
 * server's time zone (Superset's naive datetimes): ranges are computed on the calendar the user
 * sees, and the result compares with naive timestamp columns as they are stored.
 */

export type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export const UNITS: readonly Unit[] = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
];

/** `days` -> `day`, `Weeks` -> `week`; null when not a unit. */
export function toUnit(word: string): Unit | null {
  const singular = word.toLowerCase().replace(/s$/, '');
  return (UNITS as readonly string[]).includes(singular) ? (singular as Unit) : null;
}

export function wall(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in an IANA time zone (second precision). */
export function wallClockOf(instant: Date, timeZone: string): Date {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return wall(
    fields.year as number,
    fields.month as number,
    fields.day as number,
    fields.hour as number,
    fields.minute as number,
    fields.second as number,
  );
}

export function startOfDay(date: Date): Date {
  return wall(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Calendar months are added as dateutil's relativedelta does: the day is clamped to the month. */
function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return wall(
    year,
    month,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

const FIXED_MS: Partial<Record<Unit, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

export function addUnits(date: Date, amount: number, unit: Unit): Date {
  if (unit === 'month') return addMonths(date, amount);
  if (unit === 'quarter') return addMonths(date, amount * 3);
  if (unit === 'year') return addMonths(date, amount * 12);
  return new Date(date.getTime() + amount * (FIXED_MS[unit] as number));
}

/** Start of the unit containing `date`; weeks start on Monday. */
export function truncate(date: Date, unit: Unit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  switch (unit) {
    case 'year':
      return wall(y, 1, 1);
    case 'quarter':
      return wall(y, Math.floor((m - 1) / 3) * 3 + 1, 1);
    case 'month':
      return wall(y, m, 1);
    case 'week':
      return addUnits(wall(y, m, d), -((date.getUTCDay() + 6) % 7), 'day');
    case 'day':
      return wall(y, m, d);
    case 'hour':
      return wall(y, m, d, date.getUTCHours());
    case 'minute':
      return wall(y, m, d, date.getUTCHours(), date.getUTCMinutes());
    case 'second':
      return wall(y, m, d, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  }
}

/** Last day (at midnight) of the year, quarter, month or week (Sunday) containing `date`. */
export function lastDay(date: Date, unit: Unit): Date | null {
  if (unit === 'year' || unit === 'quarter' || unit === 'month' || unit === 'week') {
    return addUnits(addUnits(truncate(date, unit), 1, unit), -1, 'day');
  }
  return null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM:SS`, the form Superset prints ranges in. */
export function formatWall(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}
