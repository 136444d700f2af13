import {
  Bool,
  DateDay,
  Float64,
  Int32,
  Int64,
  Table,
  TimestampMillisecond,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowGridData } from './arrowData.ts';
import { createFilterScan, filterRows } from './filter.ts';
import { formatTimestamp } from './format.ts';
import { rowGridData } from './rowData.ts';
import type { GridData } from './types.ts';

/** The scan as it was: row by row in view order, each cell's `text()`: the reference. */
function referenceFilter(
  data: GridData,
  order: Uint32Array | null,
  needle: string,
  columns: readonly number[],
): number[] {
  const wanted = needle.toLowerCase();
  const caseless = wanted === needle.toUpperCase();
  const total = order ? order.length : data.numRows;
  const out: number[] = [];
  for (let position = 0; position < total; position += 1) {
    const row = order ? order[position] : position;
    for (const column of columns) {
      const text = data.text(row, column);
      if (text === null) continue;
      if ((caseless ? text : text.toLowerCase()).includes(wanted)) {
        out.push(row);
        break;
      }
    }
  }
  return out;
}

/** formatTimestamp as it was, through Date alone: the reference for its day memo. */
function referenceTimestamp(ms: number, dateOnly = false): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (dateOnly) return date;
  const millis = d.getUTCMilliseconds();
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date} ${time}${millis ? `.${pad(millis, 3)}` : ''}`;
}

const N = 7000;

/** Every kind of column, nulls in each, text both ASCII and not, across several batches. */
function mixedTable(): Table {
  const at = (i: number) => (i % 11 === 5 ? null : i);
  const ts = Array.from({ length: N }, (_v, i) => {
    const v = at(i);
    if (v === null) return null;
    // Runs within a day, jumps between days, before 1970, with milliseconds.
    return Date.UTC(1969, 11, 30) + Math.floor(v / 7) * 3_600_000 * 5 + (v % 3) * 1001;
  });
  const table = new Table({
    id: vectorFromArray(
      Array.from({ length: N }, (_v, i) => at(i)),
      new Int32(),
    ),
    ratio: vectorFromArray(
      Array.from({ length: N }, (_v, i) =>
        i === 1 ? Number.NaN : i === 2 ? Number.POSITIVE_INFINITY : at(i) === null ? null : i / 7,
      ),
      new Float64(),
    ),
    big: vectorFromArray(
      Array.from({ length: N }, (_v, i) =>
        at(i) === null ? null : BigInt(i) * 9_007_199_254_741n,
      ),
      new Int64(),
    ),
    ts: vectorFromArray(ts, new TimestampMillisecond()),
    day: vectorFromArray(
      ts.map((v) => (v === null ? null : new Date(v))),
      new DateDay(),
    ),
    code: vectorFromArray(
      Array.from({ length: N }, (_v, i) => (at(i) === null ? null : `ATL-${i % 97}-Gate`)),
      new Utf8(),
    ),
    city: vectorFromArray(
      Array.from({ length: N }, (_v, i) =>
        at(i) === null ? null : ['Zürich', 'São Paulo', 'İstanbul', 'Tokyo 東京', 'Ørsta'][i % 5],
      ),
      new Utf8(),
    ),
    flag: vectorFromArray(
      Array.from({ length: N }, (_v, i) => (at(i) === null ? null : i % 3 === 0)),
      new Bool(),
    ),
  });
  // Cut into uneven batches, some of them slices of a larger one.
  const [whole] = table.batches;
  return new Table(table.schema, [
    whole.slice(0, 1000),
    whole.slice(1000, 1001),
    whole.slice(1001, 4500),
    whole.slice(4500),
  ]);
}

const NEEDLES = ['atl', 'ATL-4', 'gate', '1969-12-31', '12:00', '.001', '17', 'nan', 'infinity'];
NEEDLES.push('true', 'false', 'zür', 'SÃO', 'istanbul', 'İ', '東京', 'ø', '-', ' ', 'missing');

describe('filter (column-wise scan)', () => {
  const data = arrowGridData(mixedTable());
  const columns = data.columns.map((_c, index) => index);
  const sortOrder = Uint32Array.from({ length: N }, (_v, i) => (i * 4999) % N);

  it('reads a column slice as the very strings text() answers', () => {
    for (const column of columns) {
      const slice = data.textSlice?.(column, 0, N) ?? [];
      expect(slice.length).toBe(N);
      for (let row = 0; row < N; row += 1) expect(slice[row]).toBe(data.text(row, column));
      const middle = data.textSlice?.(column, 990, 1010) ?? [];
      expect(Array.from(middle)).toEqual(
        Array.from({ length: 20 }, (_v, i) => data.text(990 + i, column)),
      );
    }
  });

  it('matches what the row-by-row scan matched, with and without a sort order', () => {
    for (const needle of NEEDLES) {
      for (const searched of [columns, [5], [3, 4], [0, 1, 2]]) {
        expect(Array.from(filterRows(data, null, needle, searched)), needle).toEqual(
          referenceFilter(data, null, needle, searched),
        );
        expect(Array.from(filterRows(data, sortOrder, needle, searched)), needle).toEqual(
          referenceFilter(data, sortOrder, needle, searched),
        );
      }
    }
  });

  it('matches the same on a source without textSlice (JSON rows)', () => {
    const rows = [
      { name: 'Bravo', amount: 12.5 },
      { name: 'alpha', amount: null },
      { name: null, amount: 1234567 },
    ];
    const json = rowGridData(rows, [
      { name: 'name', type_generic: 1 },
      { name: 'amount', type_generic: 0 },
    ]);
    for (const needle of ['a', '12', 'BRAVO', 'null']) {
      expect(Array.from(filterRows(json, null, needle, [0, 1]))).toEqual(
        referenceFilter(json, null, needle, [0, 1]),
      );
    }
  });

  it('shows matches as it goes without an order, and in view order at the end with one', () => {
    const plain = createFilterScan(data, null, 'gate', columns);
    expect(plain.step(() => true)).toBe(false);
    expect(plain.matches().length).toBeGreaterThan(0);
    expect(plain.scanned).toBeLessThan(N);
    const sorted = createFilterScan(data, sortOrder, 'gate', columns);
    let slices = 0;
    while (!sorted.step(() => true)) {
      slices += 1;
      expect(sorted.scanned).toBeLessThan(N);
    }
    expect(slices).toBeGreaterThan(0);
    expect(sorted.done).toBe(true);
    expect(sorted.scanned).toBe(N);
    expect(Array.from(sorted.matches())).toEqual(referenceFilter(data, sortOrder, 'gate', columns));
  });

  it('is done at once over no rows', () => {
    const scan = createFilterScan(data, new Uint32Array(0), 'a', columns);
    expect(scan.done).toBe(true);
    expect(scan.step(() => false)).toBe(true);
    expect(scan.matches().length).toBe(0);
  });
});

describe('formatTimestamp day memo', () => {
  it('formats every value as Date alone does, in runs, jumps and at the edges', () => {
    const values: number[] = [];
    for (let i = 0; i < 3000; i += 1) values.push(Date.UTC(2001, 0, 1) + i * 61_001);
    for (let i = 0; i < 500; i += 1) values.push(-86_400_000 * 3 + i * 3_600_007 + (i % 2) * 0.5);
    values.push(-1.5, -0.5, 0, -0, 0.5, 1.5, 86_399_999, 86_400_000, -1, -86_400_000);
    values.push(8.64e15, 8.64e15 + 1, 8.64e15 - 1, -8.64e15, -8.64e15 - 1);
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Date.UTC(-50, 5, 6, 7, 8, 9, 10));
    values.push(Date.UTC(275000, 0, 1), Date.UTC(275000, 0, 1, 23, 59, 59, 999));
    for (const dateOnly of [false, true]) {
      for (const value of values) {
        expect(formatTimestamp(value, dateOnly), String(value)).toBe(
          referenceTimestamp(value, dateOnly),
        );
      }
    }
  });
});
