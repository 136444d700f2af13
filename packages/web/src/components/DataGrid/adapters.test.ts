import {
  DateDay,
  Table,
  TimestampMillisecond,
  tableFromArrays,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowGridData } from './arrowData.ts';
import { rowsToTsv, tsvField } from './copy.ts';
import { createFilterScan, filterRows } from './filter.ts';
import { formatTimestamp } from './format.ts';
import { rowGridData } from './rowData.ts';
import { sortPermutation } from './sort.ts';

function sample() {
  return rowGridData(
    [
      { name: 'Bravo', amount: 12.5, flag: true },
      { name: 'alpha', amount: null, flag: false },
      { name: 'Charlie\tTab', amount: 1234567, flag: null },
      { name: null, amount: -3, flag: true },
    ],
    [
      { name: 'name', type: 'VARCHAR', type_generic: 1 },
      { name: 'amount', type: 'DOUBLE', type_generic: 0 },
      { name: 'flag', type: 'BOOLEAN', type_generic: 3 },
    ],
  );
}

describe('sort permutation', () => {
  it('orders numbers ascending and descending with NULLs last both ways', () => {
    const data = sample();
    expect(Array.from(sortPermutation(data, 1, 'asc'))).toEqual([3, 0, 2, 1]);
    expect(Array.from(sortPermutation(data, 1, 'desc'))).toEqual([2, 0, 3, 1]);
  });

  it('orders text by code unit and keeps equal keys in their original order', () => {
    const data = rowGridData(
      [{ k: 'b' }, { k: 'a' }, { k: 'b' }, { k: null }, { k: 'a' }],
      [{ name: 'k', type_generic: 1 }],
    );
    expect(Array.from(sortPermutation(data, 0, 'asc'))).toEqual([1, 4, 0, 2, 3]);
    expect(Array.from(sortPermutation(data, 0, 'desc'))).toEqual([0, 2, 1, 4, 3]);
  });

  it('sorts a hundred thousand Arrow rows into a typed-array permutation', () => {
    const n = 100_000;
    const values = new Float64Array(n);
    for (let i = 0; i < n; i += 1) values[i] = (i * 7919) % n;
    const data = arrowGridData(tableFromArrays({ v: values }));
    const order = sortPermutation(data, 0, 'asc');
    expect(order).toBeInstanceOf(Uint32Array);
    expect(order.length).toBe(n);
    let sorted = true;
    for (let i = 1; i < n; i += 1) if (values[order[i - 1]] > values[order[i]]) sorted = false;
    expect(sorted).toBe(true);
    expect(new Set(order).size).toBe(n);
  });

  it('sorts Arrow bigints numerically, not as text', () => {
    const data = arrowGridData(tableFromArrays({ v: new BigInt64Array([10n, 9n, 100n]) }));
    expect(Array.from(sortPermutation(data, 0, 'asc'))).toEqual([1, 0, 2]);
  });
});

describe('filter', () => {
  it('matches a substring case-insensitively in any of the given columns, in view order', () => {
    const data = sample();
    expect(Array.from(filterRows(data, null, 'ALPHA', [0, 1, 2]))).toEqual([1]);
    expect(Array.from(filterRows(data, null, '12', [0, 1, 2]))).toEqual([0, 2]);
    const order = Uint32Array.from([2, 1, 0, 3]);
    expect(Array.from(filterRows(data, order, 'true', [2]))).toEqual([0, 3]);
    expect(Array.from(filterRows(data, null, 'true', [0]))).toEqual([]);
  });

  it('never matches NULL cells by their label', () => {
    expect(Array.from(filterRows(sample(), null, 'null', [0, 1, 2]))).toEqual([]);
  });

  it('scans in slices and reports its progress until done', () => {
    const n = 5000;
    const data = arrowGridData(
      tableFromArrays({ v: Int32Array.from({ length: n }, (_v, i) => i) }),
    );
    const scan = createFilterScan(data, null, '7', [0]);
    let slices = 0;
    let done = false;
    while (!done) {
      slices += 1;
      done = scan.step(() => true);
      expect(scan.scanned).toBeLessThanOrEqual(n);
    }
    expect(slices).toBeGreaterThan(1);
    expect(scan.done).toBe(true);
    const expected = Array.from({ length: n }, (_v, i) => i).filter((i) => String(i).includes('7'));
    expect(Array.from(scan.matches())).toEqual(expected);
  });
});

describe('copy formatting', () => {
  it('quotes fields holding tabs, line breaks or quotes and leaves NULL empty', () => {
    expect(tsvField('plain')).toBe('plain');
    expect(tsvField('a\tb')).toBe('"a\tb"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
    expect(tsvField('two\nlines')).toBe('"two\nlines"');
    expect(tsvField(null)).toBe('');
  });

  it('copies a header and rows in view order, numbers without grouping', () => {
    const data = sample();
    expect(rowsToTsv(data, Uint32Array.from([2, 1]))).toBe(
      'name\tamount\tflag\n"Charlie\tTab"\t1234567\t\nalpha\t\tfalse',
    );
    expect(rowsToTsv(data, [0], [1], false)).toBe('12.5');
  });
});

describe('Arrow adapter', () => {
  it('reads cells across record batches without building row objects', () => {
    const whole = tableFromArrays({
      id: Int32Array.from([1, 2, 3, 4]),
      label: ['a', 'b', 'c', null],
    });
    const batch = whole.batches[0];
    const table = new Table(whole.schema, [batch.slice(0, 2), batch.slice(2)]);
    expect(table.batches.length).toBe(2);
    const data = arrowGridData(table, [{ name: 'id', type: 'INTEGER' }]);
    expect(data.numRows).toBe(4);
    expect(data.columns.map((c) => [c.name, c.kind])).toEqual([
      ['id', 'number'],
      ['label', 'string'],
    ]);
    expect(data.columns[0].type).toBe('INTEGER');
    expect(data.value(2, 0)).toBe(3);
    expect(data.text(1, 1)).toBe('b');
    expect(data.text(3, 1)).toBeNull();
    expect(data.text(2, 1)).toBe('c');
    expect(data.value(0, 0)).toBe(1);
  });

  it('formats timestamps and dates as UTC text and groups large numbers for display only', () => {
    const ts = vectorFromArray([new Date('2021-03-04T05:06:07Z')], new TimestampMillisecond());
    const day = vectorFromArray([new Date('2021-03-04T00:00:00Z')], new DateDay());
    const name = vectorFromArray(['x'], new Utf8());
    const table = new Table({ ts, day, name, n: vectorFromArray([1234567.25]) });
    const data = arrowGridData(table);
    expect(data.text(0, 0)).toBe('2021-03-04 05:06:07');
    expect(data.text(0, 1)).toBe('2021-03-04');
    expect(data.columns[0].kind).toBe('temporal');
    expect(data.display(0, 3)).toBe('1,234,567.25');
    expect(data.text(0, 3)).toBe('1234567.25');
    expect(formatTimestamp(Date.UTC(2020, 0, 1, 0, 0, 0, 5))).toBe('2020-01-01 00:00:00.005');
  });

  it('leaves years and small integers ungrouped', () => {
    const data = rowGridData([{ year: 2015 }], [{ name: 'year', type_generic: 0 }]);
    expect(data.display(0, 0)).toBe('2015');
  });
});
