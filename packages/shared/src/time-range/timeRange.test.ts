import { describe, expect, it } from 'vitest';
import { TesseraError } from '../errors.ts';
import { formatTimeRange, getSinceUntil } from './index.ts';

// Sunday 2024-03-10 03:30 UTC is still Saturday evening in New York and midday in Tokyo.
const NOW = new Date('2024-03-10T03:30:00Z');

function resolve(range: string, timeZone: string, extra: Record<string, string> = {}) {
  return formatTimeRange(getSinceUntil(range, { now: NOW, timeZone, ...extra }));
}

const d = (date: string) => (date === '' ? '' : date.length === 10 ? `${date}T00:00:00` : date);

type Row = [phrase: string, since: string, until: string];

const UTC_TABLE: Row[] = [
  ['No filter', '', ''],
  ['', '', ''],
  ['Last day', '2024-03-09', '2024-03-10'],
  ['Last week', '2024-03-03', '2024-03-10'],
  ['Last month', '2024-02-10', '2024-03-10'],
  ['Last quarter', '2023-12-10', '2024-03-10'],
  ['Last year', '2023-03-10', '2024-03-10'],
  ['previous calendar week', '2024-02-26', '2024-03-04'],
  ['previous calendar month', '2024-02-01', '2024-03-01'],
  ['previous calendar quarter', '2023-10-01', '2024-01-01'],
  ['previous calendar year', '2023-01-01', '2024-01-01'],
  ['Current day', '2024-03-10', '2024-03-11'],
  ['Current week', '2024-03-04', '2024-03-11'],
  ['Current month', '2024-03-01', '2024-04-01'],
  ['Current quarter', '2024-01-01', '2024-04-01'],
  ['Current year', '2024-01-01', '2025-01-01'],
  ["DATEADD(DATETIME('today'), -7, day) : today", '2024-03-03', '2024-03-10'],
  [
    "DATETRUNC(DATETIME('now'), month) : LASTDAY(DATETIME('now'), month)",
    '2024-03-01',
    '2024-03-31',
  ],
  ["DATEADD(DATETIME('2024-01-31'), 1, month) : ", '2024-02-29', ''],
  [
    'LASTDAY(DATETIME("2024-02-10"), week) : LASTDAY(DATETIME("2024-05-10"), quarter)',
    '2024-02-11',
    '2024-06-30',
  ],
  ['now : ', '2024-03-10T03:30:00', ''],
  [' : 2024-01-31', '', '2024-01-31'],
  ['2024-01-01 : 2024-02-01T12:30:15', '2024-01-01', '2024-02-01T12:30:15'],
  ['start of this month : end of next 2 months', '2024-03-01', '2024-05-31'],
  ['start of last year : start of this year', '2023-01-01', '2024-01-01'],
  ['beginning of prior 2 weeks : end of this week', '2024-02-19', '2024-03-10'],
  ['Last 7 days', '2024-03-03', '2024-03-10'],
  ['Last 36 hours : now', '2024-03-08T12:00:00', '2024-03-10T03:30:00'],
  ['Next 2 weeks', '2024-03-10', '2024-03-24'],
  ['March 3, 2024 : 3 Apr 2024 10:15', '2024-03-03', '2024-04-03T10:15:00'],
  ['Sept 2023 : Jan 2024', '2023-09-01', '2024-01-01'],
  ['yesterday : tomorrow', '2024-03-09', '2024-03-11'],
  ['10 days ago : now', '2024-02-29', '2024-03-10T03:30:00'],
  ['2 hours ago : 1 hour later', '2024-03-10T01:30:00', '2024-03-10T04:30:00'],
  ['01/31/2024 : 2024/02/15 5:00 pm', '2024-01-31', '2024-02-15T17:00:00'],
  ['2024-03-10T05:00:00Z : ', '2024-03-10T05:00:00', ''],
  // What Explore's Custom tab writes: a bound counts from the other bound or from an anchor.
  ['today : now', '2024-03-10', '2024-03-10T03:30:00'],
  [
    'DATEADD(DATETIME("2024-02-01T00:00:00"), -3, week) : 2024-02-01T00:00:00',
    '2024-01-11',
    '2024-02-01',
  ],
  ['today : DATEADD(DATETIME("today"), 2, hour)', '2024-03-10', '2024-03-10T02:00:00'],
  [
    '2024-01-31T10:15:00 : DATEADD(DATETIME("2024-01-31T10:15:00"), 1, month)',
    '2024-01-31T10:15:00',
    '2024-02-29T10:15:00',
  ],
  [
    'DATEADD(DATETIME("now"), -90, minute) : DATEADD(DATETIME("now"), 30, second)',
    '2024-03-10T02:00:00',
    '2024-03-10T03:30:30',
  ],
  [
    'DATEADD(DATETIME("2024-03-01T00:00:00"), -1, quarter) : DATEADD(DATETIME("2024-03-01T00:00:00"), 1, year)',
    '2023-12-01',
    '2025-03-01',
  ],
];

const NEW_YORK_TABLE: Row[] = [
  ['Last day', '2024-03-08', '2024-03-09'],
  ['Last week', '2024-03-02', '2024-03-09'],
  ['previous calendar week', '2024-02-26', '2024-03-04'],
  ['previous calendar month', '2024-02-01', '2024-03-01'],
  ['Current day', '2024-03-09', '2024-03-10'],
  ['Current week', '2024-03-04', '2024-03-11'],
  ['now : ', '2024-03-09T22:30:00', ''],
  ['start of this week : end of this week', '2024-03-04', '2024-03-10'],
  // An explicit offset names an instant; it is read on New York's clock (EST, -5).
  ['2024-03-10T05:00:00Z : ', '2024-03-10T00:00:00', ''],
];

const TOKYO_TABLE: Row[] = [
  ['Last day', '2024-03-09', '2024-03-10'],
  ['now : ', '2024-03-10T12:30:00', ''],
  ['2 hours ago : now', '2024-03-10T10:30:00', '2024-03-10T12:30:00'],
  ['2024-03-10T05:00:00+02:00 : ', '2024-03-10T12:00:00', ''],
];

describe.each([
  ['UTC', UTC_TABLE],
  ['America/New_York', NEW_YORK_TABLE],
  ['Asia/Tokyo', TOKYO_TABLE],
])('time ranges read in %s', (zone, table) => {
  it.each(table)('%s', (phrase, since, until) => {
    expect(resolve(phrase, zone)).toEqual({ since: d(since), until: d(until) });
  });
});

describe('relative start and end', () => {
  it('counts Last day from now when relative_start and relative_end are now', () => {
    expect(resolve('Last day', 'UTC', { relativeStart: 'now', relativeEnd: 'now' })).toEqual({
      since: '2024-03-09T03:30:00',
      until: '2024-03-10T03:30:00',
    });
  });
});

describe('time ranges that are refused', () => {
  function messageOf(range: string): string {
    try {
      getSinceUntil(range, { now: NOW });
    } catch (error) {
      expect(error).toBeInstanceOf(TesseraError);
      expect((error as TesseraError).status).toBe(400);
      return (error as TesseraError).message;
    }
    throw new Error(`"${range}" was accepted`);
  }

  it('refuses a start after the end', () => {
    expect(messageOf('2024-02-01 : 2024-01-01')).toBe('From date cannot be larger than to date');
  });

  it.each([
    ['gibberish', 'Cannot parse time string [gibberish]'],
    ['foo : bar', 'Cannot parse time string [foo]'],
    [
      "DATEADD(DATETIME('today'), -7) : today",
      "Cannot parse time string [DATEADD(DATETIME('today'), -7)]",
    ],
    [
      "DATETIME('today'); DROP TABLE x : today",
      "Cannot parse time string [DATETIME('today'); DROP TABLE x]",
    ],
    ['2024-02-30 : ', 'Cannot parse time string [2024-02-30]'],
    ['a : b : c', 'Cannot parse time string [a : b : c]'],
  ])('refuses %s', (range, message) => {
    expect(messageOf(range)).toBe(message);
  });

  it('asks which way an ambiguous offset goes', () => {
    expect(messageOf('7 days : today')).toBe(
      'Time string is ambiguous. Please specify [7 days ago] or [7 days later].',
    );
  });
});
