import {
  type DuckDBDataChunk,
  type DuckDBResult,
  type DuckDBValue,
  ResultReturnType,
} from '@duckdb/node-api';
import { type ArrowColumn, arrowSchema, dedupeColumnNames, resultColumns } from '../arrow.ts';
import { queryCancelled, throwIfAborted } from '../errorKit.ts';
import type { ExecuteOptions, ExecuteResult } from '../types.ts';
import { ChunkAccumulator } from './columns.ts';
import type { DuckdbSession } from './connect.ts';
import { duckdbDialect } from './dialect.ts';
import { DUCKDB_NAME, mapDuckdbError } from './errors.ts';
import { duckdbArrowKind, duckdbIsDttm, duckdbTypeGeneric } from './types.ts';

export function describeColumns(result: DuckDBResult): ArrowColumn[] {
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
 * Streams a statement chunk by chunk (2048 rows each) into Arrow batches, column by column
 * (columns.ts). Aborting the
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

  const schema = arrowSchema(columns);
  // Starts only when the caller reads the first batch.
  const batches = (async function* () {
    const accumulator = new ChunkAccumulator(schema, columns);
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
        read += accumulator.append(chunk, maxRows - read);
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
  })();
  return { columns: resultColumns(columns), schema, batches, rowsAffected: rowsChanged(result) };
}

function rowsChanged(result: DuckDBResult): number | undefined {
  try {
    return result.returnType === ResultReturnType.CHANGED_ROWS ? result.rowsChanged : undefined;
  } catch {
    return undefined;
  }
}
