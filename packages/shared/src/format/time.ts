import { utcFormat } from 'd3-time-format';
import { SMART_DATE } from '../controls/options.ts';

export type TimeFormatter = (value: number | Date | string | null | undefined) => string;

/**
 * The adaptive date format: each date shows only as much as it needs, judged by the finest
 * unit that is not at its boundary (a year start shows `2020`, a month start `March`, ...).
 */
const SMART_PARTS = {
  millisecond: utcFormat('.%Lms'),
  second: utcFormat(':%Ss'),
  minute: utcFormat('%I:%M'),
  hour: utcFormat('%I %p'),
  day: utcFormat('%a %d'),
  week: utcFormat('%b %d'),
  month: utcFormat('%B'),
  year: utcFormat('%Y'),
};

function smartDate(date: Date): string {
  if (date.getUTCMilliseconds() !== 0) return SMART_PARTS.millisecond(date);
  if (date.getUTCSeconds() !== 0) return SMART_PARTS.second(date);
  if (date.getUTCMinutes() !== 0) return SMART_PARTS.minute(date);
  if (date.getUTCHours() !== 0) return SMART_PARTS.hour(date);
  if (date.getUTCDate() !== 1) {
    // Weeks start on Sunday, as in d3's timeWeek.
    return date.getUTCDay() === 0 ? SMART_PARTS.week(date) : SMART_PARTS.day(date);
  }
  if (date.getUTCMonth() !== 0) return SMART_PARTS.month(date);
  return SMART_PARTS.year(date);
}

/** Epoch ms, Date or ISO text to a Date; text without a zone is read as UTC. */
function toDate(value: number | Date | string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return new Date(Number(text));
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(text) || !/\d[T ]\d/.test(text);
  const parsed = new Date(zoned ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const cache = new Map<string, TimeFormatter>();

export function getTimeFormatter(format?: string | null): TimeFormatter {
  const key = format || SMART_DATE;
  const known = cache.get(key);
  if (known) return known;
  const formatDate = key === SMART_DATE ? smartDate : utcFormat(key);
  const formatter: TimeFormatter = (value) => {
    if (value === null || value === undefined || value === '') return '';
    const date = toDate(value);
    // Text that is not a date (a category on a time axis) is shown as it came.
    return date ? formatDate(date) : String(value);
  };
  cache.set(key, formatter);
  return formatter;
}

export function formatTime(
  format: string | null | undefined,
  value: Parameters<TimeFormatter>[0],
): string {
  return getTimeFormatter(format)(value);
}
