import {
  Bool,
  DateMillisecond,
  Float64,
  Int32,
  Int64,
  type RecordBatch,
  Table,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { type Cell, column, columnsOf, columnView, frameFromBatches, rowsOf } from './frame.ts';
import { NumberColumn } from './numberColumn.ts';

/** Two record batches of one schema, as an engine streams a result. */
function batches(): RecordBatch[] {
  const part = (
    ints: Array<number | null>,
    floats: Array<number | null>,
    bigs: Array<bigint | null>,
    texts: Array<string | null>,
    flags: Array<boolean | null>,
    days: Array<Date | null>,
  ) =>
    new Table({
      n: vectorFromArray(ints, new Int32()),
      x: vectorFromArray(floats, new Float64()),
      big: vectorFromArray(bigs, new Int64()),
      s: vectorFromArray(texts, new Utf8()),
      flag: vectorFromArray(flags, new Bool()),
      day: vectorFromArray(days, new DateMillisecond()),
    }).batches;
  return [
    ...part(
      [1, null],
      [1.5, Number.NaN],
      [2n ** 40n, null],
      ['a', null],
      [true, null],
      [null, null],
    ),
    ...part([3], [-0], [-5n], ['c'], [false], [new Date(Date.UTC(2024, 0, 2))]),
  ];
}

describe('frameFromBatches', () => {
  it('reads every batch into cells: bigint as number, NaN as null, dates as epoch ms', () => {
    const frame = frameFromBatches(['n', 'x', 'big', 's', 'flag', 'day'], batches());
    expect(rowsOf(frame)).toEqual([
      { n: 1, x: 1.5, big: 2 ** 40, s: 'a', flag: true, day: null },
      { n: null, x: null, big: null, s: null, flag: null, day: null },
      { n: 3, x: -0, big: -5, s: 'c', flag: false, day: Date.UTC(2024, 0, 2) },
    ]);
  });

  it('holds integer and float columns in typed arrays, and hands out plain arrays', () => {
    const frame = frameFromBatches(['n', 'x', 'big', 's', 'flag', 'day'], batches());
    for (const name of ['n', 'x', 'big'])
      expect(columnView(frame, name)).toBeInstanceOf(NumberColumn);
    for (const name of ['s', 'flag', 'day'])
      expect(Array.isArray(columnView(frame, name))).toBe(true);
    const copy = column(frame, 'x');
    expect(copy).toEqual([1.5, null, -0]);
    copy[0] = 99;
    expect(column(frame, 'x')[0]).toBe(1.5);
    expect(columnsOf(frame).get('n')).toEqual([1, null, 3] satisfies Cell[]);
  });

  it('names the columns as asked and reads no rows from no batches', () => {
    const frame = frameFromBatches(['count'], []);
    expect(frame.table.columnNames()).toEqual(['count']);
    expect(rowsOf(frame)).toEqual([]);
  });
});
