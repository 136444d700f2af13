import type pg from 'pg';
import {
  type ArrowColumn,
  arrowSchema,
  batchesFromRows,
  DEFAULT_BATCH_ROWS,
  dedupeColumnNames,
  resultColumns,
  streamedResult,
} from '../arrow.ts';
import { queryCancelled, throwIfAborted } from '../errorKit.ts';
import type { ExecuteOptions, ExecuteResult } from '../types.ts';
import { type PostgresSession, pgTypes } from './connect.ts';
import { postgresqlDialect } from './dialect.ts';
import { mapPostgresError, POSTGRESQL_NAME } from './errors.ts';
import { PG_TYPE_NAMES, pgArrowKind, pgTypeGeneric } from './types.ts';

const CURSOR = 'tessera_cursor';

/** Statements a cursor can stream; everything else runs as is and answers at once. */
function isCursorable(sql: string): boolean {
  const body = sql.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()*/, '');
  return /^(select|with|values|table)\b/i.test(body);
}

function stripTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}

async function typeNames(client: pg.PoolClient, fields: pg.FieldDef[]): Promise<string[]> {
  const unknown = [
    ...new Set(fields.map((field) => field.dataTypeID).filter((oid) => !(oid in PG_TYPE_NAMES))),
  ];
  const looked = new Map<number, string>();
  if (unknown.length) {
    const result = await client.query<{ oid: number; name: string }>(
      'SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::oid[])',
      [unknown],
    );
    for (const row of result.rows) looked.set(row.oid, row.name.toUpperCase());
  }
  return fields.map(
    (field) => PG_TYPE_NAMES[field.dataTypeID] ?? looked.get(field.dataTypeID) ?? 'UNKNOWN',
  );
}

async function describe(client: pg.PoolClient, fields: pg.FieldDef[]): Promise<ArrowColumn[]> {
  const names = dedupeColumnNames(fields.map((field) => field.name));
  const types = await typeNames(client, fields);
  return types.map((type, index) => {
    const typeGeneric = pgTypeGeneric(type);
    return {
      name: names[index],
      type,
      type_generic: typeGeneric,
      is_dttm: typeGeneric === 2,
      ...pgArrowKind(type),
    };
  });
}

/**
 * SELECTs stream through a server-side cursor inside a transaction, 10,000 rows per FETCH.
 * Aborting the signal runs `pg_cancel_backend` for this backend from a second connection.
 */
export async function pgExecute(
  session: PostgresSession,
  sql: string,
  options: ExecuteOptions = {},
): Promise<ExecuteResult> {
  const { signal } = options;
  throwIfAborted(signal, POSTGRESQL_NAME);
  const client = await session.client(options.catalog);
  const pid = (client as unknown as { processID: number }).processID;
  let cancelling: Promise<void> | null = null;
  const onAbort = () => {
    cancelling = session.cancel(pid, options.catalog).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const untrack = session.track(() => release(true));

  let inTransaction = false;
  let released = false;
  const release = async (broken = false) => {
    if (released) return;
    released = true;
    untrack();
    signal?.removeEventListener('abort', onAbort);
    if (cancelling) await cancelling;
    let failed = broken;
    if (!failed && inTransaction)
      failed = await client.query('ROLLBACK').then(
        () => false,
        () => true,
      );
    if (!failed && options.schema)
      failed = await client.query('RESET search_path').then(
        () => false,
        () => true,
      );
    client.release(failed || undefined);
  };
  const fail = async (error: unknown) => {
    await release();
    return signal?.aborted
      ? queryCancelled(POSTGRESQL_NAME)
      : mapPostgresError(error, session.secrets);
  };
  const run = (text: string, values?: unknown[]) =>
    client.query({ text, values, rowMode: 'array', types: pgTypes });

  /** DML, DDL and the like: one round trip, the (usually few) rows answered at once. */
  const runWhole = async (): Promise<ExecuteResult> => {
    const result = await run(sql, options.params);
    throwIfAborted(signal, POSTGRESQL_NAME);
    const columns = await describe(client, result.fields ?? []);
    await release();
    const schema = arrowSchema(columns);
    const rows = (result.rows ?? []) as unknown[][];
    const limited = options.maxRows === undefined ? rows : rows.slice(0, options.maxRows);
    const batches = batchesFromRows(schema, columns, limited);
    return {
      columns: resultColumns(columns),
      schema,
      batches: (async function* () {
        yield* batches;
      })(),
      rowsAffected: result.command === 'SELECT' ? undefined : (result.rowCount ?? undefined),
    };
  };

  try {
    if (options.schema)
      await client.query(`SET search_path TO ${postgresqlDialect.quoteIdentifier(options.schema)}`);
    if (!isCursorable(sql)) return await runWhole();
    await client.query('BEGIN');
    inTransaction = true;
    try {
      await run(
        `DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${stripTrailingSemicolons(sql)}`,
        options.params,
      );
    } catch (error) {
      // A WITH holding INSERT/UPDATE/DELETE cannot sit in a cursor: run it whole instead.
      if ((error as { code?: string }).code !== '0A000') throw error;
      await client.query('ROLLBACK');
      inTransaction = false;
      return await runWhole();
    }
  } catch (error) {
    throw await fail(error);
  }

  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const fetchSize = () => Math.min(DEFAULT_BATCH_ROWS, maxRows);
  let first: pg.QueryArrayResult;
  let columns: ArrowColumn[];
  try {
    first = await run(`FETCH ${fetchSize()} FROM ${CURSOR}`);
    throwIfAborted(signal, POSTGRESQL_NAME);
    columns = await describe(client, first.fields);
  } catch (error) {
    throw await fail(error);
  }

  return streamedResult(columns, async function* (accumulator) {
    let read = 0;
    let page = first;
    try {
      while (page.rows.length > 0) {
        const take = Math.min(page.rows.length, maxRows - read);
        for (let index = 0; index < take; index += 1) accumulator.pushRow(page.rows[index]);
        read += take;
        const finished = read >= maxRows || page.rows.length < fetchSize();
        // Hand the connection back before the last batch, so a reader that stops there leaks nothing.
        if (finished) await release();
        const batch = accumulator.flush();
        if (batch) yield batch;
        if (finished) break;
        try {
          page = await run(`FETCH ${fetchSize()} FROM ${CURSOR}`);
        } catch (error) {
          throw await fail(error);
        }
        throwIfAborted(signal, POSTGRESQL_NAME);
      }
    } finally {
      await release();
    }
  });
}
