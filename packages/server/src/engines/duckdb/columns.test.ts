import { type DuckDBDataChunk, DuckDBInstance } from '@duckdb/node-api';
import { type RecordBatch, Table, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { type ArrowColumn, arrowSchema, BatchAccumulator, collectRows } from '../arrow.ts';
import { ChunkAccumulator, columnValue } from './columns.ts';
import { describeColumns } from './execute.ts';

/** The row-by-row conversion execute.ts used before columns.ts: the reference. */
function appendRowByRow(
  accumulator: BatchAccumulator,
  chunk: DuckDBDataChunk,
  columns: readonly ArrowColumn[],
  limit: number,
): number {
  const rows = Math.min(chunk.rowCount, limit);
  const converted = columns.map((column, index) => {
    const raw = chunk.getColumnValues(index);
    const out = new Array(rows);
    for (let row = 0; row < rows; row += 1) out[row] = columnValue(column.kind, raw[row]);
    return out;
  });
  for (let row = 0; row < rows; row += 1)
    accumulator.pushRow(converted.map((values) => values[row]));
  return rows;
}

// Every type duckdbArrowKind maps, and the ones that travel as text; a null every 7th row, the
// special values (infinities, extremes, pre-epoch, multi-byte text) in the first rows.
const EVERY_TYPE = `
WITH base AS (SELECT i, i % 7 = 3 AS gap FROM range(25000) t(i))
SELECT
  CASE WHEN gap THEN NULL ELSE i % 2 = 0 END::BOOLEAN AS b,
  CASE WHEN gap THEN NULL ELSE (i % 256) - 128 END::TINYINT AS ti,
  CASE WHEN gap THEN NULL ELSE i - 12000 END::SMALLINT AS si,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 2147483647 WHEN i = 1 THEN -2147483648 ELSE i * 7919 - 99999 END::INTEGER AS int,
  CASE WHEN gap THEN NULL ELSE i % 256 END::UTINYINT AS uti,
  CASE WHEN gap THEN NULL ELSE i END::USMALLINT AS usi,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 9223372036854775807 WHEN i = 1 THEN -9223372036854775808 ELSE i * 9007199254741 - 5 END::BIGINT AS big,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 4294967295 ELSE i * 100003 END::UINTEGER AS uint,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 18446744073709551615 ELSE i * 1000000007 END::UBIGINT AS ubig,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 170141183460469231731687303715884105727 ELSE i::HUGEINT * 9007199254740993 - 1 END::HUGEINT AS huge,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 340282366920938463463374607431768211455::UHUGEINT ELSE (i * 3)::UHUGEINT END AS uhuge,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 'NaN'::FLOAT WHEN i = 1 THEN 'inf'::FLOAT ELSE i / 3 END::FLOAT AS f,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 'NaN'::DOUBLE WHEN i = 1 THEN '-inf'::DOUBLE WHEN i = 2 THEN -0.0 ELSE i / 7 END::DOUBLE AS d,
  CASE WHEN gap THEN NULL ELSE (i % 1000) / 10 - 50 END::DECIMAL(4, 1) AS dec16,
  CASE WHEN gap THEN NULL ELSE i / 100 - 3 END::DECIMAL(9, 2) AS dec32,
  CASE WHEN gap THEN NULL ELSE i * 12345.678 END::DECIMAL(18, 3) AS dec64,
  CASE WHEN gap THEN NULL ELSE i * 1234567890.0123456789 END::DECIMAL(38, 10) AS dec128,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 'infinity'::DATE WHEN i = 1 THEN '-infinity'::DATE WHEN i = 2 THEN '0001-01-01'::DATE ELSE DATE '1960-01-01' + (i * 3)::INTEGER END AS day,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 'infinity'::TIMESTAMP WHEN i = 1 THEN '-infinity'::TIMESTAMP WHEN i = 2 THEN '294246-12-31 23:59:59.999'::TIMESTAMP WHEN i = 4 THEN '1969-12-31 23:59:59.9995'::TIMESTAMP ELSE TIMESTAMP '1965-03-04 05:06:07.123456' + to_microseconds(i * 1234567891) END AS ts,
  CASE WHEN gap THEN NULL ELSE TIMESTAMP '2001-01-01' + to_seconds(i * 61) END::TIMESTAMP_S AS ts_s,
  CASE WHEN gap THEN NULL ELSE TIMESTAMP '1969-01-01' + to_milliseconds(i * 6101) END::TIMESTAMP_MS AS ts_ms,
  CASE WHEN gap THEN NULL ELSE TIMESTAMP '1969-12-31 23:59:59' + to_microseconds(i * 7) END::TIMESTAMP_NS AS ts_ns,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN 'infinity'::TIMESTAMPTZ ELSE TIMESTAMPTZ '2024-01-02 03:04:05+00' + to_microseconds(i * 999) END AS tz,
  CASE WHEN gap THEN NULL WHEN i = 0 THEN '' WHEN i = 1 THEN 'héllo wörld ✓ 日本 🎉' ELSE 'label ' || i || repeat('x', i % 20) END AS label,
  CASE WHEN gap THEN NULL ELSE TIME '00:00:00' + to_seconds(i) END AS tm,
  CASE WHEN gap THEN NULL ELSE to_minutes(i) END AS iv,
  CASE WHEN gap THEN NULL ELSE '00000000-0000-0000-0000-' || lpad(i::VARCHAR, 12, '0') END::UUID AS id,
  CASE WHEN gap THEN NULL ELSE ('blob' || i)::BLOB END AS bl,
  CASE WHEN gap THEN NULL ELSE [i, NULL, i + 1] END AS list,
  CASE WHEN gap THEN NULL ELSE {'a': i, 'b': 'x' || i} END AS st,
  CASE WHEN gap THEN NULL ELSE MAP {'k': i} END AS mp,
  CASE WHEN gap THEN NULL ELSE (['red', 'green', 'blue'][i % 3 + 1])::ENUM('red', 'green', 'blue') END AS en
FROM base ORDER BY i`;

async function convertBothWays(sql: string, limit = Number.POSITIVE_INFINITY) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const result = await connection.stream(sql);
    const columns = describeColumns(result);
    const schema = arrowSchema(columns);
    const rowByRow = new BatchAccumulator(schema, columns);
    const columnWise = new ChunkAccumulator(schema, columns);
    const before: RecordBatch[] = [];
    const after: RecordBatch[] = [];
    let read = 0;
    while (read < limit) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const taken = appendRowByRow(rowByRow, chunk, columns, limit - read);
      expect(columnWise.append(chunk, limit - read)).toBe(taken);
      read += taken;
      const one = rowByRow.takeFull();
      const two = columnWise.takeFull();
      if (one) before.push(one);
      if (two) after.push(two);
    }
    for (const [accumulator, into] of [
      [rowByRow, before],
      [columnWise, after],
    ] as const) {
      const last = accumulator.flush();
      if (last) into.push(last);
    }
    return { columns, schema, before, after };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('DuckDB column-wise conversion (columns.ts)', () => {
  it('produces the same Arrow bytes and values as the row-by-row conversion, every type', async () => {
    const { columns, schema, before, after } = await convertBothWays(EVERY_TYPE);
    expect(columns.map((column) => column.kind)).toEqual([
      'bool',
      'int32',
      'int32',
      'int32',
      'int32',
      'int32',
      'int64',
      'int64',
      'float64',
      'float64',
      'float64',
      'float64',
      'float64',
      'float64',
      'float64',
      'float64',
      'float64',
      'date',
      'timestamp',
      'timestamp',
      'timestamp',
      'timestamp',
      'timestamp',
      'utf8',
      'utf8',
      'utf8',
      'utf8',
      'utf8',
      'utf8',
      'utf8',
      'utf8',
      'utf8',
    ]);
    expect(after.map((batch) => batch.numRows)).toEqual(before.map((batch) => batch.numRows));
    expect(after.map((batch) => batch.numRows)).toEqual([10240, 10240, 4520]);
    // Batch by batch, column by column: the null counts and the IPC bytes (values, validity,
    // offsets) are identical.
    after.forEach((batch, index) => {
      const reference = before[index];
      batch.schema.fields.forEach((_field, column) => {
        expect(batch.getChildAt(column)?.nullCount).toBe(reference.getChildAt(column)?.nullCount);
      });
    });
    const ipcBefore = tableToIPC(new Table(schema, before));
    const ipcAfter = tableToIPC(new Table(schema, after));
    expect(ipcAfter.length).toBe(ipcBefore.length);
    expect(Buffer.from(ipcAfter).equals(Buffer.from(ipcBefore))).toBe(true);
    // And what the JSON path reads from them (collectRows reads the same `get`). Arrow cannot read
    // back a millisecond count past 2^53 (row 2's year 294246), before as now: it throws in both.
    function cells(batches: RecordBatch[]): unknown[][] {
      return batches.flatMap((batch) =>
        Array.from({ length: batch.numRows }, (_row, row) =>
          batch.schema.fields.map((_field, column) => {
            try {
              return batch.getChildAt(column)?.get(row);
            } catch (error) {
              return `throws ${(error as Error).message}`;
            }
          }),
        ),
      );
    }
    expect(cells(after)).toEqual(cells(before));
    async function* iterate(batches: RecordBatch[]) {
      yield* batches.map((batch) => batch.slice(3));
    }
    const rowsBefore = await collectRows(iterate(before));
    const rowsAfter = await collectRows(iterate(after));
    expect(rowsAfter).toEqual(rowsBefore);
    const first = cells(after);
    const at = (row: number, name: string) => first[row][columns.findIndex((c) => c.name === name)];
    expect(at(3, 'label')).toBeNull();
    expect(at(1, 'label')).toBe('héllo wörld ✓ 日本 🎉');
    expect(at(0, 'ts')).toBeNull();
    expect(at(2, 'ts')).toMatch(/^throws/);
    // Micros to millis truncates toward zero (BigInt division), before as now.
    expect(at(4, 'ts')).toBe(0);
  });

  it('stops at the row limit mid-chunk as before', async () => {
    const { before, after } = await convertBothWays(EVERY_TYPE, 12_345);
    expect(after.map((batch) => batch.numRows)).toEqual([10240, 2105]);
    expect(
      Buffer.from(tableToIPC(new Table(after))).equals(Buffer.from(tableToIPC(new Table(before)))),
    ).toBe(true);
  });

  it('converts an all-null column and an empty result the same way', async () => {
    const nulls = await convertBothWays(
      'SELECT NULL::INTEGER AS a, NULL::VARCHAR AS b, NULL::TIMESTAMP AS c, NULL::BOOLEAN AS d FROM range(3000)',
    );
    expect(
      Buffer.from(tableToIPC(new Table(nulls.after))).equals(
        Buffer.from(tableToIPC(new Table(nulls.before))),
      ),
    ).toBe(true);
    const empty = await convertBothWays('SELECT 1 AS a WHERE false');
    expect(empty.after).toEqual([]);
    expect(empty.before).toEqual([]);
  });
});
