import { describe, expect, it } from 'vitest';
import { describeCrontab, isValidCrontab, isValidTimezone, MAX_CRONTAB_LENGTH } from './cron.ts';

describe('crontab grammar', () => {
  it.each([
    '0 9 * * 1',
    '*/5 * * * *',
    '0 0 1 1 *',
    '15,45 8-18 * * mon-fri',
    '0 12 * jan,jul sun',
    '@daily',
    '0 0 * * 7',
  ])('accepts %s', (crontab) => {
    expect(isValidCrontab(crontab)).toBe(true);
  });

  it.each([
    '',
    '* * * *',
    '* * * * * *',
    '60 * * * *',
    '0 24 * * *',
    '0 0 0 * *',
    '0 0 * 13 *',
    '*/0 * * * *',
    '5-1 * * * *',
    'a b c d e',
    '@sometimes',
    `${'1,'.repeat(MAX_CRONTAB_LENGTH)}1 * * * *`,
  ])('refuses %j', (crontab) => {
    expect(isValidCrontab(crontab)).toBe(false);
  });

  it('says common schedules in words', () => {
    expect(describeCrontab('0 9 * * 1')).toBe('At 09:00, only on Monday');
    expect(describeCrontab('*/15 * * * *')).toBe('Every 15 minutes');
    expect(describeCrontab('30 * * * *')).toBe('At 30 minutes past the hour');
    expect(describeCrontab('1-5/2 3,4 * * *')).toBe('1-5/2 3,4 * * *');
  });

  it('knows IANA time zones', () => {
    expect(isValidTimezone('Europe/Paris')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
});
