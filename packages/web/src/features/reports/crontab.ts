import { CRONTAB_INVALID, cronFields, isValidCrontab } from '@tessera/shared/reports/cron';

/**
 * Five-field crontabs (minute hour day-of-month month day-of-week) as people read them: the
 * form's check (shared's grammar decides; this only says which field is at fault), a describer
 * ("Every Monday at 12:00") and the schedule picker's simple shapes (every day, week or month at
 * a time) to and from a crontab.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const MONTH_NAMES = MONTHS.map((m) => m.slice(0, 3).toUpperCase());
const DAY_NAMES = WEEKDAYS.map((d) => d.slice(0, 3).toUpperCase());

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** The first of `names` is worth this (months start at 1). */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES, nameBase: 1 },
  // 7 is Sunday too, as in every cron.
  { name: 'day of week', min: 0, max: 7, names: DAY_NAMES, nameBase: 0 },
];

/** One comma-separated part of a field: a value, a range, or `*`, each with an optional step. */
interface Part {
  from: number;
  to: number;
  step: number;
  /** `*` or `*\/n`: the whole range. */
  any: boolean;
}

export type CronField = Part[];

export type CronParse =
  | { ok: true; fields: [CronField, CronField, CronField, CronField, CronField] }
  | { ok: false; error: string };

function value(text: string, spec: FieldSpec): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const index = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  return index >= 0 ? index + (spec.nameBase ?? 0) : null;
}

function parseField(text: string, spec: FieldSpec): CronField | string {
  const parts: Part[] = [];
  for (const piece of text.split(',')) {
    const match = /^([^/]+)(?:\/(\d+))?$/.exec(piece);
    if (!match) return `Invalid ${spec.name} "${piece}"`;
    const [, body, stepText] = match;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1 || step > spec.max) return `Invalid step in ${spec.name} "${piece}"`;
    if (body === '*') {
      parts.push({ from: spec.min, to: spec.max, step, any: true });
      continue;
    }
    const [fromText, toText, extra] = body.split('-');
    if (extra !== undefined) return `Invalid ${spec.name} "${piece}"`;
    const from = value(fromText, spec);
    const to = toText === undefined ? from : value(toText, spec);
    if (from === null || to === null) return `Invalid ${spec.name} "${piece}"`;
    for (const n of [from, to]) {
      if (n < spec.min || n > spec.max)
        return `The ${spec.name} must be between ${spec.min} and ${spec.max}, not ${n}`;
    }
    if (from > to) return `Invalid range in ${spec.name} "${piece}"`;
    // `5/15` means from 5 to the end, every 15.
    parts.push({ from, to: stepText && toText === undefined ? spec.max : to, step, any: false });
  }
  return parts;
}

/** Reads a crontab (the `@daily` shortcuts too), or says what is wrong with it in words. */
export function parseCrontab(crontab: string): CronParse {
  const text = cronFields(crontab)?.join(' ') ?? crontab.trim();
  if (!text) return { ok: false, error: 'The schedule cannot be empty' };
  const pieces = text.split(/\s+/);
  if (pieces.length !== 5)
    return {
      ok: false,
      error: `A crontab has 5 fields (minute hour day-of-month month day-of-week), not ${pieces.length}`,
    };
  const fields: CronField[] = [];
  for (const [i, piece] of pieces.entries()) {
    const field = parseField(piece, FIELDS[i]);
    if (typeof field === 'string') return { ok: false, error: field };
    fields.push(field);
  }
  return { ok: true, fields: fields as [CronField, CronField, CronField, CronField, CronField] };
}

/**
 * The form's check: undefined when the crontab is fine, else the message. Shared's grammar is
 * the one the server applies, so the two never disagree on what is valid.
 */
export function crontabError(crontab: string): string | undefined {
  if (!crontab.trim()) return 'The schedule cannot be empty';
  if (isValidCrontab(crontab)) return undefined;
  const parsed = parseCrontab(crontab);
  return parsed.ok ? CRONTAB_INVALID : parsed.error;
}

const isAny = (field: CronField) => field.length === 1 && field[0].any && field[0].step === 1;
const single = (field: CronField): number | null =>
  field.length === 1 && !field[0].any && field[0].from === field[0].to ? field[0].from : null;
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** A field in words, e.g. "Monday through Friday", "1, 15 and 28", "every 2nd". */
function listWords(field: CronField, word: (n: number) => string): string {
  return joinWords(
    field.map((part) => {
      if (part.any) return `every ${ordinal(part.step)}`;
      const range =
        part.from === part.to ? word(part.from) : `${word(part.from)} through ${word(part.to)}`;
      return part.step > 1 ? `every ${ordinal(part.step)} from ${range}` : range;
    }),
  );
}

const weekday = (n: number) => WEEKDAYS[n % 7];
const month = (n: number) => MONTHS[n - 1];

function timeWords(minutes: CronField, hours: CronField): string {
  const minute = single(minutes);
  const hour = single(hours);
  if (minute !== null && hour !== null) return `at ${clock(hour, minute)}`;
  const hourList = hours.every((p) => !p.any && p.from === p.to) ? hours.map((p) => p.from) : null;
  if (minute !== null && hourList) return `at ${joinWords(hourList.map((h) => clock(h, minute)))}`;
  const minuteWords = isAny(minutes)
    ? 'every minute'
    : minutes.length === 1 && minutes[0].any
      ? `every ${minutes[0].step} minutes`
      : minute !== null
        ? `at minute ${minute}`
        : `at minutes ${listWords(minutes, String)}`;
  if (isAny(hours)) return minute !== null ? `every hour ${minuteWords}` : minuteWords;
  if (hours.length === 1 && hours[0].any)
    return `${minuteWords} of every ${hours[0].step} hours`.replace('every 1 hours', 'every hour');
  return `${minuteWords} past hour ${listWords(hours, String)}`;
}

/**
 * A crontab in English ("Every Monday at 12:00", "On day 1 of every month at 09:30"); a crontab
 * that does not parse is shown as it is.
 */
export function scheduleInWords(crontab: string): string {
  const parsed = parseCrontab(crontab);
  if (!parsed.ok) return crontab;
  const [minutes, hours, days, months, weekdays] = parsed.fields;
  const time = timeWords(minutes, hours);
  const anyDay = isAny(days);
  const anyWeekday = isAny(weekdays);
  const anyMonth = isAny(months);
  const monthWords = anyMonth ? '' : ` in ${listWords(months, month)}`;
  let when: string;
  if (anyDay && anyWeekday) {
    when = 'Every day';
  } else if (anyDay) {
    when = `Every ${listWords(weekdays, weekday)}`;
  } else {
    const dayWords = `On day ${listWords(days, String)}`;
    when = anyMonth ? `${dayWords} of every month` : `${dayWords} of the month`;
    // Cron runs when either day field matches once both are restricted.
    if (!anyWeekday) when += ` and every ${listWords(weekdays, weekday)}`;
  }
  return `${when}${monthWords} ${time}`.replace(/\s+/g, ' ').trim();
}

/** The picker's simple schedules; anything else is a custom crontab. */
export type ScheduleChoice =
  | { kind: 'day'; hour: number; minute: number }
  | { kind: 'week'; weekday: number; hour: number; minute: number }
  | { kind: 'month'; day: number; hour: number; minute: number }
  | { kind: 'custom'; crontab: string };

export function toCrontab(choice: ScheduleChoice): string {
  switch (choice.kind) {
    case 'day':
      return `${choice.minute} ${choice.hour} * * *`;
    case 'week':
      return `${choice.minute} ${choice.hour} * * ${choice.weekday}`;
    case 'month':
      return `${choice.minute} ${choice.hour} ${choice.day} * *`;
    case 'custom':
      return choice.crontab.trim().replace(/\s+/g, ' ');
  }
}

/** The simple schedule a crontab is, or `custom` when the picker's shapes cannot say it. */
export function fromCrontab(crontab: string): ScheduleChoice {
  const custom: ScheduleChoice = { kind: 'custom', crontab };
  const parsed = parseCrontab(crontab);
  if (!parsed.ok) return custom;
  const [minutes, hours, days, months, weekdays] = parsed.fields;
  const minute = single(minutes);
  const hour = single(hours);
  if (minute === null || hour === null || !isAny(months)) return custom;
  const day = single(days);
  const dow = single(weekdays);
  if (isAny(days) && isAny(weekdays)) return { kind: 'day', hour, minute };
  if (isAny(days) && dow !== null) return { kind: 'week', weekday: dow % 7, hour, minute };
  if (day !== null && isAny(weekdays)) return { kind: 'month', day, hour, minute };
  return custom;
}
