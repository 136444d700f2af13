import { describe, expect, it } from 'vitest';
import { crontabError, fromCrontab, scheduleInWords, toCrontab } from './crontab.ts';

describe('scheduleInWords', () => {
  it.each([
    ['0 12 * * 1', 'Every Monday at 12:00'],
    ['30 9 * * *', 'Every day at 09:30'],
    ['0 9 1 * *', 'On day 1 of every month at 09:00'],
    ['0 8 * * 1-5', 'Every Monday through Friday at 08:00'],
    ['0 8 * * MON,WED', 'Every Monday and Wednesday at 08:00'],
    ['0 9,17 * * *', 'Every day at 09:00 and 17:00'],
    ['* * * * *', 'Every day every minute'],
    ['*/15 * * * *', 'Every day every 15 minutes'],
    ['0 * * * *', 'Every day every hour at minute 0'],
    ['0 */2 * * *', 'Every day at minute 0 of every 2 hours'],
    ['0 6 1 1 *', 'On day 1 of the month in January at 06:00'],
    ['0 12 * * 0', 'Every Sunday at 12:00'],
    ['0 12 * * 7', 'Every Sunday at 12:00'],
    ['0 0 1,15 * *', 'On day 1 and 15 of every month at 00:00'],
    ['@daily', 'Every day at 00:00'],
  ])('%s reads "%s"', (crontab, words) => {
    expect(scheduleInWords(crontab)).toBe(words);
  });

  it('shows a crontab it cannot read as it is', () => {
    expect(scheduleInWords('nonsense')).toBe('nonsense');
  });
});

describe('crontabError', () => {
  it.each([['0 12 * * 1'], ['*/5 0-6 1-31/2 JAN-MAR sun'], ['5/15 * * * *']])(
    'accepts %s',
    (crontab) => {
      expect(crontabError(crontab)).toBeUndefined();
    },
  );

  it.each([
    ['', 'The schedule cannot be empty'],
    ['0 12 * *', 'A crontab has 5 fields (minute hour day-of-month month day-of-week), not 4'],
    ['60 12 * * 1', 'The minute must be between 0 and 59, not 60'],
    ['0 24 * * 1', 'The hour must be between 0 and 23, not 24'],
    ['0 0 0 * *', 'The day of month must be between 1 and 31, not 0'],
    ['0 0 * 13 *', 'The month must be between 1 and 12, not 13'],
    ['0 0 * * 8', 'The day of week must be between 0 and 7, not 8'],
    ['0 0 * * FOO', 'Invalid day of week "FOO"'],
    ['*/0 * * * *', 'Invalid step in minute "*/0"'],
    ['0 5-2 * * *', 'Invalid range in hour "5-2"'],
    ['0 0 * * 1;rm', 'Invalid day of week "1;rm"'],
  ])('refuses "%s" saying which field', (crontab, message) => {
    expect(crontabError(crontab)).toBe(message);
  });
});

describe('the schedule picker', () => {
  it('round-trips its simple shapes', () => {
    for (const choice of [
      { kind: 'day', hour: 9, minute: 5 },
      { kind: 'week', weekday: 1, hour: 12, minute: 0 },
      { kind: 'month', day: 28, hour: 23, minute: 59 },
    ] as const) {
      expect(fromCrontab(toCrontab(choice))).toEqual(choice);
    }
    expect(toCrontab({ kind: 'week', weekday: 1, hour: 12, minute: 0 })).toBe('0 12 * * 1');
  });

  it('calls anything else custom', () => {
    expect(fromCrontab('*/5 * * * *')).toEqual({ kind: 'custom', crontab: '*/5 * * * *' });
    expect(fromCrontab('0 8 * * 1-5').kind).toBe('custom');
    expect(toCrontab({ kind: 'custom', crontab: ' 0  8 * * 1-5 ' })).toBe('0 8 * * 1-5');
  });
});
