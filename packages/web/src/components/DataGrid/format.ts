import type { ColumnKind } from './types.ts';

/**
 * Cell text: `plain` is what copy and filter use (no grouping, full precision), `display` what the
 * grid draws. Both answer null for SQL NULL so the grid can show it as a greyed `NULL`.
 */

// 'min2' groups 12,345 but leaves 2015 alone: years and small ids read naturally.
const numberFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 6,
  useGrouping: 'min2' as unknown as boolean,
});
const integerFormat = new Intl.NumberFormat('en-US', {
  useGrouping: 'min2' as unknown as boolean,
});

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const MS_PER_DAY = 86_400_000;
const MAX_TIME = 8.64e15;
// The date part of the last day formatted: a result's timestamps mostly come a day at a time.
let memoDay = Number.NaN;
let memoDate = '';

/** `2020-01-31 13:45:00` (UTC, milliseconds only when present), or `2020-01-31` for dates. */
export function formatTimestamp(ms: number, dateOnly = false): string {
  // Date drops a fraction toward zero, and knows times up to 8.64e15 ms either side of 1970.
  const whole = Math.trunc(ms);
  const day = Math.floor(whole / MS_PER_DAY);
  if (day === memoDay && Math.abs(whole) <= MAX_TIME) {
    // The UTC fields by arithmetic, as Date's getters compute them.
    if (dateOnly) return memoDate;
    const inDay = whole - day * MS_PER_DAY;
    const seconds = Math.floor(inDay / 1000);
    const millis = inDay - seconds * 1000;
    const clock = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
    return `${memoDate} ${clock}${millis ? `.${pad(millis, 3)}` : ''}`;
  }
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  memoDay = day;
  memoDate = date;
  if (dateOnly) return date;
  const millis = d.getUTCMilliseconds();
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date} ${time}${millis ? `.${pad(millis, 3)}` : ''}`;
}

function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** JSON for nested values, with bigints and bytes kept readable. */
export function stringifyOther(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object' && 'toJSON' in value) {
    return stringifyOther((value as { toJSON(): unknown }).toJSON());
  }
  try {
    return JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    );
  } catch {
    return String(value);
  }
}

export function plainText(value: unknown, kind: ColumnKind, dateOnly = false): string | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
      return typeof value === 'number' || typeof value === 'bigint'
        ? String(value)
        : stringifyOther(value);
    case 'temporal':
      if (typeof value === 'number') return formatTimestamp(value, dateOnly);
      if (value instanceof Date) return formatTimestamp(value.getTime(), dateOnly);
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return typeof value === 'string' ? value : stringifyOther(value);
    default:
      return stringifyOther(value);
  }
}

export function displayText(value: unknown, kind: ColumnKind, dateOnly = false): string | null {
  if (kind === 'number') {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return String(value);
      return Number.isInteger(value) ? integerFormat.format(value) : numberFormat.format(value);
    }
    if (typeof value === 'bigint') return integerFormat.format(value);
  }
  return plainText(value, kind, dateOnly);
}

/** Superset's type_generic codes (0 numeric, 1 string, 2 temporal, 3 boolean) as grid kinds. */
export function kindFromGeneric(typeGeneric: number | null | undefined): ColumnKind {
  switch (typeGeneric) {
    case 0:
      return 'number';
    case 1:
      return 'string';
    case 2:
      return 'temporal';
    case 3:
      return 'boolean';
    default:
      return 'other';
  }
}
