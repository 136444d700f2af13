import { describe, expect, it } from 'vitest';
import {
  type ArrowColumn,
  arrowSchema,
  batchesFromRows,
  coerceValue,
  collectRows,
  dedupeColumnNames,
} from './arrow.ts';

const columns: ArrowColumn[] = [
  { name: 'n', type: 'BIGINT', type_generic: 0, is_dttm: false, kind: 'int64' },
  { name: 't', type: 'TIMESTAMP', type_generic: 2, is_dttm: true, kind: 'timestamp' },
  { name: 'd', type: 'DATE', type_generic: 2, is_dttm: true, kind: 'date' },
  { name: 's', type: 'TEXT', type_generic: 1, is_dttm: false, kind: 'utf8' },
];

describe('Arrow batches', () => {
  it('cuts rows into batches of 10,000 by default', () => {
    const rows = Array.from({ length: 25_001 }, (_, index) => [index, null, null, null]);
    const batches = [...batchesFromRows(arrowSchema(columns), columns, rows)];
    expect(batches.map((batch) => batch.numRows)).toEqual([10_000, 10_000, 5_001]);
  });

  it('reads naive timestamps as UTC wall-clock time and keeps explicit offsets', () => {
    expect(coerceValue('timestamp', '2024-03-14 15:27:43')).toBe(Date.UTC(2024, 2, 14, 15, 27, 43));
    expect(coerceValue('timestamp', '2024-03-14 15:27:43.123456')).toBe(
      Date.UTC(2024, 2, 14, 15, 27, 43, 123),
    );
    expect(coerceValue('timestamp', '2024-03-14 15:27:43+02')).toBe(
      Date.UTC(2024, 2, 14, 13, 27, 43),
    );
    expect(coerceValue('timestamp', '2024-03-14T15:27:43+05:30')).toBe(
      Date.UTC(2024, 2, 14, 9, 57, 43),
    );
    expect(coerceValue('date', '2024-03-14')).toBe(Date.UTC(2024, 2, 14));
    expect(coerceValue('timestamp', 'infinity')).toBeNull();
  });

  it('keeps 64-bit integers exact and turns objects into JSON text', async () => {
    const [batch] = [
      ...batchesFromRows(arrowSchema(columns), columns, [
        ['9007199254740993', new Date(0), '1970-01-02', { a: 1n }],
      ]),
    ];
    expect(
      await collectRows(
        (async function* () {
          yield batch;
        })(),
      ),
    ).toEqual([{ n: 9007199254740993n, t: 0, d: 86_400_000, s: '{"a":"1"}' }]);
  });

  it('renames repeated column names name__1, name__2', () => {
    expect(dedupeColumnNames(['a', 'a', 'b', 'a', 'a__1'])).toEqual([
      'a',
      'a__2',
      'b',
      'a__3',
      'a__1',
    ]);
  });
});
