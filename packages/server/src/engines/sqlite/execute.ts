import { setImmediate as nextTick } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import {
  type ArrowColumn,
  DEFAULT_BATCH_ROWS,
  dedupeColumnNames,
  noRowsResult,
  streamedResult,
} from '../arrow.ts';
import { queryCancelled, throwIfAborted } from '../errorKit.ts';
import type { ExecuteOptions, ExecuteResult } from '../types.ts';
import type { SqliteSession } from './connect.ts';
import { mapSqliteError, SQLITE_NAME } from './errors.ts';
import { inferSqliteType, sqliteArrowKind, sqliteTypeGeneric } from './types.ts';

/** Rows stepped between two checks of the abort signal (each check also yields the event loop). */
const STEPS_PER_SLICE = 1000;

function bindable(params: unknown[] | undefined): unknown[] {
  return (params ?? []).map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value === undefined ? null : value;
  });
}

function describe(
  names: string[],
  declared: Array<string | null>,
  sample: unknown[][],
): ArrowColumn[] {
  const unique = dedupeColumnNames(names);
  return unique.map((name, index) => {
    const type = declared[index]
      ? String(declared[index]).toUpperCase()
      : inferSqliteType(sample.map((row) => row[index]));
    const typeGeneric = sqliteTypeGeneric(type);
    return {
      name,
      type,
      type_generic: typeGeneric,
      is_dttm: typeGeneric === 2,
      kind: sqliteArrowKind(type),
      timezone: null,
    };
  });
}

/**
 * better-sqlite3 has no interrupt, so the read loop steps rows in slices, yields the event loop
 * and checks the signal between slices; aborting closes the statement and returns the handle.
 */
export async function sqliteExecute(
  session: SqliteSession,
  sql: string,
  options: ExecuteOptions = {},
): Promise<ExecuteResult> {
  const { signal } = options;
  throwIfAborted(signal, SQLITE_NAME);
  const handle = await session.pool.acquire();
  let iterator: IterableIterator<unknown[]> | null = null;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    iterator?.return?.();
    session.pool.release(handle);
  };

  let statement: Database.Statement;
  try {
    statement = handle.prepare(sql);
    if (!statement.reader) {
      const info = statement.run(...bindable(options.params));
      release();
      return noRowsResult(info.changes);
    }
    statement.safeIntegers(true);
    statement.raw(true);
    iterator = statement.iterate(...bindable(options.params)) as IterableIterator<unknown[]>;
  } catch (error) {
    release();
    throw mapSqliteError(error);
  }

  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let read = 0;
  let done = false;

  /** Reads up to `count` rows, a slice at a time, honouring the signal between slices. */
  async function readRows(count: number): Promise<unknown[][]> {
    const rows: unknown[][] = [];
    while (!done && rows.length < count && read < maxRows) {
      const sliceEnd = Math.min(count, rows.length + STEPS_PER_SLICE);
      try {
        while (rows.length < sliceEnd && read < maxRows) {
          const next = iterator?.next();
          if (!next || next.done) {
            done = true;
            break;
          }
          rows.push(next.value);
          read += 1;
        }
      } catch (error) {
        throw mapSqliteError(error);
      }
      if (!done && rows.length < count) await nextTick();
      throwIfAborted(signal, SQLITE_NAME);
    }
    if (read >= maxRows) done = true;
    return rows;
  }

  let first: unknown[][];
  let columns: ArrowColumn[];
  try {
    first = await readRows(DEFAULT_BATCH_ROWS);
    const definitions = statement.columns();
    columns = describe(
      definitions.map((definition) => definition.name),
      definitions.map((definition) => definition.type),
      first,
    );
  } catch (error) {
    release();
    throw signal?.aborted ? queryCancelled(SQLITE_NAME) : mapSqliteError(error);
  }
  if (done) release();

  return streamedResult(columns, async function* (accumulator) {
    try {
      let rows = first;
      while (rows.length > 0) {
        for (const row of rows) accumulator.pushRow(row);
        if (done) release();
        const batch = accumulator.flush();
        if (batch) yield batch;
        if (done) break;
        await nextTick();
        throwIfAborted(signal, SQLITE_NAME);
        rows = await readRows(DEFAULT_BATCH_ROWS);
      }
    } finally {
      release();
    }
  });
}
