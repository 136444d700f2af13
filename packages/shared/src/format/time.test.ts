import { describe, expect, it } from 'vitest';
import { formatTime, getTimeFormatter } from './time.ts';

describe('getTimeFormatter', () => {
  const smart = getTimeFormatter('smart_date');
  it('smart_date shows only what the date needs, in UTC', () => {
    expect(smart(Date.UTC(2020, 0, 1))).toBe('2020');
    expect(smart(Date.UTC(2020, 2, 1))).toBe('March');
    expect(smart(Date.UTC(2020, 2, 3))).toBe('Tue 03');
    expect(smart(Date.UTC(2020, 2, 8))).toBe('Mar 08');
    expect(smart(Date.UTC(2020, 2, 3, 14))).toBe('02 PM');
    expect(smart(Date.UTC(2020, 2, 3, 14, 30))).toBe('02:30');
    expect(smart(Date.UTC(2020, 2, 3, 14, 30, 15))).toBe(':15s');
    expect(smart(Date.UTC(2020, 2, 3, 14, 30, 15, 250))).toBe('.250ms');
    expect(getTimeFormatter()(Date.UTC(2021, 0, 1))).toBe('2021');
  });

  it('speaks d3 time formats on epoch ms, Dates and ISO text', () => {
    const ms = Date.UTC(2019, 0, 14, 1, 32, 10);
    expect(formatTime('%d/%m/%Y', ms)).toBe('14/01/2019');
    expect(formatTime('%m/%d/%Y', ms)).toBe('01/14/2019');
    expect(formatTime('%Y-%m-%d', new Date(ms))).toBe('2019-01-14');
    expect(formatTime('%Y-%m-%d %H:%M:%S', ms)).toBe('2019-01-14 01:32:10');
    expect(formatTime('%d-%m-%Y %H:%M:%S', '2019-01-14T01:32:10')).toBe('14-01-2019 01:32:10');
    expect(formatTime('%H:%M:%S', '2019-01-14 01:32:10')).toBe('01:32:10');
    expect(formatTime('%Y-%m-%d', '2019-01-14')).toBe('2019-01-14');
    expect(formatTime('%H:%M', '2019-01-14T01:32:10+02:00')).toBe('23:32');
  });

  it('leaves missing values empty and non-dates as they are', () => {
    expect(smart(null)).toBe('');
    expect(smart(undefined)).toBe('');
    expect(smart('Boston')).toBe('Boston');
  });
});
