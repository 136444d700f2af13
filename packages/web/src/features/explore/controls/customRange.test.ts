import { getSinceUntil } from '@tessera/shared/time-range/index';
import { describe, expect, it } from 'vitest';
import { type CustomRange, decodeCustomRange, encodeCustomRange } from './customRange.ts';
import { advancedSides, guessFrame, readCustomRange, resolveTimeRange } from './timeRange.ts';

const NOW = new Date('2024-03-15T10:30:00Z');

describe('the Custom tab writes Superset’s grammar', () => {
  const cases: Array<[string, CustomRange]> = [
    [
      '2024-01-01T00:00:00 : 2024-02-01T12:30:00',
      {
        since: { mode: 'specific', datetime: '2024-01-01T00:00:00' },
        until: { mode: 'specific', datetime: '2024-02-01T12:30:00' },
        anchor: 'now',
      },
    ],
    ['today : now', { since: { mode: 'today' }, until: { mode: 'now' }, anchor: 'now' }],
    [
      'DATEADD(DATETIME("today"), -7, day) : today',
      {
        since: { mode: 'relative', amount: 7, grain: 'day' },
        until: { mode: 'today' },
        anchor: 'now',
      },
    ],
    [
      '2024-01-01T00:00:00 : DATEADD(DATETIME("2024-01-01T00:00:00"), 3, month)',
      {
        since: { mode: 'specific', datetime: '2024-01-01T00:00:00' },
        until: { mode: 'relative', amount: 3, grain: 'month' },
        anchor: 'now',
      },
    ],
    [
      'DATEADD(DATETIME("now"), -90, minute) : DATEADD(DATETIME("now"), 30, second)',
      {
        since: { mode: 'relative', amount: 90, grain: 'minute' },
        until: { mode: 'relative', amount: 30, grain: 'second' },
        anchor: 'now',
      },
    ],
    [
      'DATEADD(DATETIME("2024-03-01T00:00:00"), -1, year) : DATEADD(DATETIME("2024-03-01T00:00:00"), 2, quarter)',
      {
        since: { mode: 'relative', amount: 1, grain: 'year' },
        until: { mode: 'relative', amount: 2, grain: 'quarter' },
        anchor: '2024-03-01T00:00:00',
      },
    ],
  ];

  it.each(cases)('%s', (text, range) => {
    expect(encodeCustomRange(range)).toBe(text);
    const [since, until] = text.split(' : ') as [string, string];
    expect(decodeCustomRange(since, until)).toEqual(range);
    expect(readCustomRange(text)).toEqual(range);
    expect(guessFrame(text)).toBe('Custom');
    // The server's parser (the same shared grammar) reads every text the tab writes.
    expect(() => getSinceUntil(text, { now: NOW })).not.toThrow();
  });

  it('leaves to Advanced what it would rewrite or cannot show', () => {
    for (const text of [
      "DATEADD(DATETIME('today'), -7, day) : today",
      'DATEADD(DATETIME("now"), -7, day) : today',
      'DATEADD(DATETIME("today"), 7, day) : today',
      'today : DATEADD(DATETIME("today"), -1, day)',
      'DATEADD(DATETIME("today"), -1, day) : DATEADD(DATETIME("today"), 1, day)',
      'DATEADD(DATETIME("now"), -1, day) : DATEADD(DATETIME("2024-01-01"), 1, day)',
      'DATEADD(DATETIME("now"), -1, fortnight) : now',
      '2024-01-01  :  2024-02-01',
      'Last 3 days ago : now',
      ' : 2024-01-31',
    ]) {
      expect([text, guessFrame(text)]).toEqual([text, 'Advanced']);
    }
  });

  it('reopens ranges on their tabs', () => {
    expect(guessFrame('No filter')).toBe('No filter');
    expect(guessFrame('Last week')).toBe('Last');
    expect(guessFrame('previous calendar month')).toBe('Previous');
    expect(guessFrame('2024-01-01 : 2024-02-01')).toBe('Custom');
  });

  it('seeds Advanced as Superset does', () => {
    expect(advancedSides('2024-01-01 : now')).toEqual(['2024-01-01', 'now']);
    expect(advancedSides('Last 3 days')).toEqual(['Last 3 days', '']);
    expect(advancedSides('Next 2 weeks')).toEqual(['', 'Next 2 weeks']);
    expect(advancedSides('No filter')).toEqual(['', '']);
  });

  it('resolves with the shared grammar', () => {
    expect(resolveTimeRange('2024-01-01 : 2024-02-01', NOW)).toEqual({
      ok: true,
      text: '2024-01-01 ≤ col < 2024-02-01',
    });
    expect(resolveTimeRange('No filter', NOW)).toEqual({ ok: true, text: '-∞ ≤ col < ∞' });
    expect(resolveTimeRange('Last week', NOW)).toEqual({
      ok: true,
      text: '2024-03-08 ≤ col < 2024-03-15',
    });
    expect(resolveTimeRange('2024-02-01 : 2024-01-01', NOW)).toEqual({
      ok: false,
      error: 'From date cannot be larger than to date',
    });
  });
});
