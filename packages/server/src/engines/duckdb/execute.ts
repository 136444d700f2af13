import {
  type DuckDBDataChunk,
  DuckDBDateValue,
  DuckDBDecimalValue,
  type DuckDBResult,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  type DuckDBValue,
  ResultReturnType,
} from '@duckdb/node-api';
import {
  type ArrowColumn,
  type ArrowKind,
  type BatchAccumulator,
  dedupeColumnNames,
  streamedResult,
} from '../arrow.ts';
import { queryCancelled, throwIfAborted } from '../errorKit.ts';
import type { ExecuteOptions, ExecuteResult } from '../types.ts';
import type { DuckdbSession } from './connect.ts';
import { duckdbDialect } from './dialect.ts';
import { DUCKDB_NAME, mapDuckdbError } from './errors.ts';
import { duckdbArrowKind, duckdbIsDttm, duckdbTypeGeneric } from './types.ts';

const MICROS_PER_MILLI = 1000n;

/** DuckDB's raw vector values to what the Arrow builders take, without going through rows. */
function columnValue(kind: ArrowKind, value: DuckDBValue): unknown {
  if (value === null) return null;
  switch (kind) {
    case 'date':
      return value instanceof DuckDBDateValue
        ? value.isFinite
          ? value.days * 86_400_000
          : null
        : null;
    case 'timestamp':
      if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) {
        return value.isFinite ? Number(value.micros / MICROS_PER_MILLI) : null;
      }
      if (value instanceof DuckDBTimestampMillisecondsValue) return Number(value.millis);
      if (value instanceof DuckDBTimestampSecondsValue) return Number(value.seconds) * 1000;
      if (value instanceof DuckDBTimestampNanosecondsValue) return Number(value.nanos / 1_000_000n);
      return null;
    case 'float64':
      if (value instanceof DuckDBDecimalValue) return value.toDouble();
      return typeof value === 'bigint' ? Number(value) : value;
    case 'int32':
    case 'int64':
    case 'bool':
      return value;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

function appendChunk(
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

function describeColumns(result: DuckDBResult): ArrowColumn[] {
  const names = dedupeColumnNames(result.columnNames());
  return result.columnTypes().map((type, index) => {
    const typeName = type.toString();
    return {
      name: names[index],
      type: typeName,
      type_generic: duckdbTypeGeneric(typeName),
      is_dttm: duckdbIsDttm(typeName),
      ...duckdbArrowKind(type.typeId),
    };
  });
}

function bindable(params: unknown[] | undefined): DuckDBValue[] {
  return (params ?? []).map((value) => {
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as DuckDBValue;
  });
}

/**
 * Streams a statement chunk by chunk (columnar, 2048 rows each) into Arrow batches. Aborting the
 * signal calls `interrupt()` on the connection, which stops the statement inside DuckDB.
 */
export async function duckdbExecute(
  session: DuckdbSession,
  sql: string,
  options: ExecuteOptions = {},
): Promise<ExecuteResult> {
  const { signal } = options;
  throwIfAborted(signal, DUCKDB_NAME);
  const connection = await session.pool.acquire();
  // An interrupt that lands before DuckDB has started the statement is lost, so it is repeated
  // until the connection goes back to the pool; an abort during acquire() is caught up at once.
  let repeat: NodeJS.Timeout | undefined;
  const onAbort = () => {
    connection.interrupt();
    repeat ??= setInterval(() => connection.interrupt(), 50);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    if (repeat) clearInterval(repeat);
    signal?.removeEventListener('abort', onAbort);
    if (options.schema) await connection.run('RESET search_path').catch(() => undefined);
    session.pool.release(connection);
  };

  let result: DuckDBResult;
  try {
    if (options.schema)
      await connection.run(`SET search_path = ${duckdbDialect.quoteString(options.schema)}`);
    result = await connection.stream(sql, bindable(options.params));
    throwIfAborted(signal, DUCKDB_NAME);
  } catch (error) {
    await release();
    throw signal?.aborted ? queryCancelled(DUCKDB_NAME) : mapDuckdbError(error);
  }

  const columns = describeColumns(result);
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;

  const streamed = streamedResult(columns, async function* (accumulator) {
    let read = 0;
    try {
      while (read < maxRows) {
        let chunk: DuckDBDataChunk | null;
        try {
          chunk = await result.fetchChunk();
        } catch (error) {
          throw signal?.aborted ? queryCancelled(DUCKDB_NAME) : mapDuckdbError(error);
        }
        throwIfAborted(signal, DUCKDB_NAME);
        if (!chunk || chunk.rowCount === 0) break;
        read += appendChunk(accumulator, chunk, columns, maxRows - read);
        const batch = accumulator.takeFull();
        if (batch) yield batch;
      }
      // Hand the connection back before the last batch, so a reader that stops there leaks nothing.
      await release();
      const last = accumulator.flush();
      if (last) yield last;
    } finally {
      await release();
    }
  });
  return { ...streamed, rowsAffected: rowsChanged(result) };
}

function rowsChanged(result: DuckDBResult): number | undefined {
  try {
    return result.returnType === ResultReturnType.CHANGED_ROWS ? result.rowsChanged : undefined;
  } catch {
    return undefined;
  }
}
