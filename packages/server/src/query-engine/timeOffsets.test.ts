import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { frameOf, rowsOf } from './postprocessing/frame.ts';
import {
  joinOffset,
  offsetQuery,
  parseTimeOffset,
  resolveTimeOffset,
  shiftDate,
} from './timeOffsets.ts';

const utc = (text: string) => new Date(`${text}Z`);

describe('time offsets', () => {
  it.each([
    ['1 day', '2024-03-01T00:00:00', '2024-02-29T00:00:00'],
    ['1 week', '2024-03-01T00:00:00', '2024-02-23T00:00:00'],
    ['28 days', '2024-03-01T00:00:00', '2024-02-02T00:00:00'],
    ['30 days', '2024-03-01T00:00:00', '2024-01-31T00:00:00'],
    ['52 weeks', '2024-03-01T00:00:00', '2023-03-03T00:00:00'],
    ['1 year', '2024-02-29T12:00:00', '2023-02-28T12:00:00'],
    ['104 weeks', '2024-03-01T00:00:00', '2022-03-04T00:00:00'],
    ['2 years', '2024-03-01T00:00:00', '2022-03-01T00:00:00'],
    ['156 weeks', '2024-03-01T00:00:00', '2021-03-05T00:00:00'],
    ['3 years', '2024-03-01T00:00:00', '2021-03-01T00:00:00'],
    ['1 year ago', '2024-01-01T00:00:00', '2023-01-01T00:00:00'],
    ['1 week ago', '2024-01-01T00:00:00', '2023-12-25T00:00:00'],
    ['1 month ago', '2024-03-31T00:00:00', '2024-02-29T00:00:00'],
    ['1 quarter ago', '2024-05-15T00:00:00', '2024-02-15T00:00:00'],
    ['2 hours later', '2024-01-01T23:00:00', '2024-01-02T01:00:00'],
  ])('%s shifts %s back to %s', (text, from, to) => {
    expect(shiftDate(utc(from), parseTimeOffset(text), 1).toISOString().slice(0, 19)).toBe(to);
  });

  it('refuses an offset it cannot read', () => {
    expect(() => parseTimeOffset('last tuesday')).toThrow(TesseraError);
    expect(() => parseTimeOffset('1 fortnight ago')).toThrow(
      'Invalid time offset: "1 fortnight ago". Use e.g. "1 year ago" or "28 days ago".',
    );
  });

  it('moves the temporal range filter (or the legacy time_range) and drops post-processing', () => {
    const offset = parseTimeOffset('1 year ago');
    const range = { since: utc('2024-01-01T00:00:00'), until: utc('2024-03-01T00:00:00') };
    const shifted = offsetQuery(
      {
        metrics: ['m'],
        filters: [
          { col: 'ts', op: 'TEMPORAL_RANGE', val: 'Last year' },
          { col: 'a', op: '==', val: 1 },
        ],
        time_offsets: ['1 year ago'],
        post_processing: [{ operation: 'sort', options: {} }],
      },
      offset,
      range,
    );
    expect(shifted.filters?.[0]?.val).toBe('2023-01-01T00:00:00 : 2023-03-01T00:00:00');
    expect(shifted.filters?.[1]).toEqual({ col: 'a', op: '==', val: 1 });
    expect(shifted.time_offsets).toEqual([]);
    expect(shifted.post_processing).toEqual([]);
    const legacy = offsetQuery({ granularity: 'ts', time_range: 'Last year' }, offset, range);
    expect(legacy.time_range).toBe('2023-01-01T00:00:00 : 2023-03-01T00:00:00');
  });

  it('joins shifted rows on the x-axis and other dimensions, leaving gaps null', () => {
    const jan24 = Date.UTC(2024, 0, 1);
    const feb24 = Date.UTC(2024, 1, 1);
    const main = frameOf(
      new Map<string, Array<number | string | null>>([
        ['ts', [jan24, jan24, feb24]],
        ['region', ['EU', 'US', 'EU']],
        ['total', [10, 3, 8]],
      ]),
    );
    const other = frameOf(
      new Map<string, Array<number | string | null>>([
        ['ts', [Date.UTC(2023, 0, 1), Date.UTC(2023, 1, 1)]],
        ['region', ['EU', 'EU']],
        ['total', [6, 4]],
      ]),
    );
    const joined = joinOffset(
      main,
      other,
      parseTimeOffset('1 year ago'),
      ['total'],
      new Set(['ts']),
    );
    expect(rowsOf(joined)).toEqual([
      { ts: jan24, region: 'EU', total: 10, 'total__1 year ago': 6 },
      { ts: jan24, region: 'US', total: 3, 'total__1 year ago': null },
      { ts: feb24, region: 'EU', total: 8, 'total__1 year ago': 4 },
    ]);
  });

  it('shifts `inherit` by the whole days of the range, and a date to the range start', () => {
    const range = { since: utc('2024-03-01T00:00:00'), until: utc('2024-06-01T00:00:00') };
    const inherit = resolveTimeOffset('inherit', range);
    expect(inherit).toMatchObject({ text: 'inherit', amount: 92, unit: 'day', direction: -1 });
    expect(shiftDate(range.since, inherit, 1).toISOString().slice(0, 10)).toBe('2023-11-30');
    const custom = resolveTimeOffset('2024-01-01', range);
    expect(shiftDate(range.since, custom, 1).toISOString().slice(0, 10)).toBe('2024-01-01');
    expect(resolveTimeOffset('1 year ago', range)).toEqual(parseTimeOffset('1 year ago'));
    expect(() => parseTimeOffset('inherit')).not.toThrow();
    expect(() => resolveTimeOffset('inherit', { since: null, until: range.until })).toThrow(
      'Time offset "inherit" needs a time range with a start and an end',
    );
    expect(() => parseTimeOffset('2024-02-30')).toThrow(TesseraError);
  });
});
