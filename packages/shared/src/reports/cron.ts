/**
 * The crontab grammar a report schedule may use: five fields (minute hour day-of-month month
 * day-of-week) of numbers, names, `*`, ranges, steps and lists, or one of the `@` shortcuts.
 * Checked here so the client and the server refuse the same strings with the same message; the
 * server's scheduler (croner) parses it again.
 */

export const MAX_CRONTAB_LENGTH = 1000;
export const CRONTAB_INVALID = 'Cron expression is invalid';

const SHORTCUTS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldRule {
  min: number;
  max: number;
  names?: string[];
  /** The first name's number (jan is 1, sun is 0). */
  nameBase?: number;
}

const FIELDS: FieldRule[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS, nameBase: 1 },
  // 7 is Sunday too, as in cron.
  { min: 0, max: 7, names: DAYS, nameBase: 0 },
];

function value(token: string, rule: FieldRule): number | null {
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    return n >= rule.min && n <= rule.max ? n : null;
  }
  const index = rule.names?.indexOf(token.toLowerCase()) ?? -1;
  return index >= 0 ? index + (rule.nameBase ?? 0) : null;
}

function validField(field: string, rule: FieldRule): boolean {
  for (const part of field.split(',')) {
    const [range, step, extra] = part.split('/');
    if (extra !== undefined || range === undefined || range === '') return false;
    if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) > 0)) return false;
    if (range === '*') continue;
    const bounds = range.split('-');
    if (bounds.length > 2) return false;
    const numbers = bounds.map((b) => value(b, rule));
    if (numbers.some((n) => n === null)) return false;
    if (numbers.length === 2 && (numbers[0] as number) > (numbers[1] as number)) return false;
  }
  return true;
}

/** The five fields of a valid crontab (shortcuts expanded), or null. */
export function cronFields(crontab: string): string[] | null {
  if (crontab.length > MAX_CRONTAB_LENGTH) return null;
  const trimmed = crontab.trim();
  const expanded = SHORTCUTS[trimmed.toLowerCase()] ?? trimmed;
  const fields = expanded.split(/\s+/);
  if (fields.length !== 5) return null;
  return fields.every((f, i) => validField(f, FIELDS[i] as FieldRule)) ? fields : null;
}

export function isValidCrontab(crontab: string): boolean {
  return cronFields(crontab) !== null;
}

const pad = (n: string) => n.padStart(2, '0');
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function dayName(token: string): string {
  const n = /^\d+$/.test(token) ? Number(token) % 7 : DAYS.indexOf(token.toLowerCase());
  return DAY_NAMES[n] ?? token;
}

/**
 * The schedule in words for the common shapes ("At 09:00, only on Monday"), the crontab itself
 * otherwise: the list page's "schedule" column, as Superset's `crontab_humanized`.
 */
export function describeCrontab(crontab: string): string {
  const fields = cronFields(crontab);
  if (!fields) return crontab;
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const simple = (f: string) => /^\d+$/.test(f);
  let when: string;
  if (simple(minute) && simple(hour)) when = `At ${pad(hour)}:${pad(minute)}`;
  else if (simple(minute) && hour === '*') when = `At ${minute} minutes past the hour`;
  else if (minute === '*' && hour === '*') when = 'Every minute';
  else if (/^\*\/\d+$/.test(minute) && hour === '*') when = `Every ${minute.slice(2)} minutes`;
  else return crontab;
  const parts = [when];
  if (dom !== '*') parts.push(`on day ${dom} of the month`);
  if (month !== '*') parts.push(`only in month ${month}`);
  if (dow !== '*') {
    const days = dow.split(',');
    if (days.every((d) => /^(\d|[a-z]{3})$/i.test(d)))
      parts.push(`only on ${days.map(dayName).join(', ')}`);
    else parts.push(`on weekdays ${dow}`);
  }
  return parts.join(', ');
}

/** Whether `zone` names an IANA time zone this runtime knows (browsers and Node alike). */
export function isValidTimezone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
