import { randomUUID } from 'node:crypto';
import { TesseraError } from '@tessera/shared/errors';
import { type RecordBatch, Schema, type Table } from 'apache-arrow';
import type { AppContext } from '../context.ts';
import { lookupSpec } from '../databases/connections.ts';
import { databaseRepository } from '../databases/repository.ts';
import type { EngineConnection, ResultColumn } from '../engines/types.ts';
import { logFailedSqlLabRun } from '../logs/service.ts';
import type { ResultsBackend } from '../platform/results/types.ts';
import { resultToIpc, tableFromBatches } from './payload.ts';
import { type QueryRowWithNames, queryRepository } from './repository.ts';
import { tokenizeOptions } from './statements.ts';
import { splitStatements } from './tokens.ts';

/**
 * Runs one query row's planned statements (its `executed_sql`) in order, records every state on
 * the row, and keeps the result in the results backend. Shared by synchronous runs (in the
 * request) and asynchronous ones (in a job). The final write only happens while the row is still
 * `running`, so a stop or a sweep that came first wins.
 */

export type StopReason = 'stopped' | 'timed_out';

export interface ExecutionDeps {
  ctx: AppContext;
  results: ResultsBackend;
}

export type Outcome =
  | { status: 'success'; table: Table; columns: ResultColumn[] }
  | { status: 'failed'; error: TesseraError }
  | { status: 'stopped' }
  | { status: 'timed_out'; error: TesseraError };

const MB = 1024 * 1024;

export function timeoutError(seconds: number): TesseraError {
  return new TesseraError(408, `The query exceeded the ${seconds} seconds timeout.`, {
    errorType: 'SQLLAB_TIMEOUT_ERROR',
  });
}

/** Anything not already fit to show becomes a generic engine error without driver text. */
function asShownError(error: unknown): TesseraError {
  if (error instanceof TesseraError) return error;
  return new TesseraError(500, 'The database returned an unexpected error.', {
    errorType: 'GENERIC_DB_ENGINE_ERROR',
  });
}

/** A run's `extra_json` with the failure's `errors` in Superset's error shape. */
export function errorsExtra(extraJson: string | null, error: TesseraError): string {
  let extra: Record<string, unknown> = {};
  try {
    extra = JSON.parse(extraJson || '{}') as Record<string, unknown>;
  } catch {
    extra = {};
  }
  const body = error.toBody();
  extra.errors =
    'errors' in body
      ? body.errors
      : [
          {
            message: error.message,
            error_type: 'GENERIC_DB_ENGINE_ERROR',
            level: 'error',
            extra: {},
          },
        ];
  return JSON.stringify(extra);
}

async function drain(batches: AsyncIterable<RecordBatch>): Promise<void> {
  for await (const _batch of batches) {
    // Reading to the end runs the statement fully and hands the pooled connection back.
  }
}

async function collect(
  batches: AsyncIterable<RecordBatch>,
  maxRows: number,
): Promise<RecordBatch[]> {
  const kept: RecordBatch[] = [];
  let rows = 0;
  const iterator = batches[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      kept.push(next.value);
      rows += next.value.numRows;
      if (rows >= maxRows) break;
    }
  } finally {
    // Stopping early must still release the engine's connection.
    await iterator.return?.();
  }
  return kept;
}

/**
 * Executes the row's statements. `reason()` tells, once the signal fired, whether a stop or the
 * timeout aborted the run.
 */
export async function executeQuery(
  deps: ExecutionDeps,
  queryId: number,
  signal: AbortSignal,
  reason: () => StopReason | null,
  timeoutSeconds: number | null,
): Promise<Outcome> {
  const { ctx } = deps;
  const db = ctx.store.db;
  const row = await queryRepository.get(db, queryId);
  if (!row) return { status: 'failed', error: new TesseraError(404, 'Not found') };
  const startedRunning = await queryRepository.updateIfStatus(db, queryId, ['pending', 'running'], {
    status: 'running',
    start_running_time: Date.now(),
    heartbeat_ms: Date.now(),
  });
  if (!startedRunning) return { status: 'stopped' };

  const fail = async (error: TesseraError, status: 'failed' | 'timed_out' = 'failed') => {
    logFailedSqlLabRun(ctx, row, error);
    await queryRepository.updateIfStatus(db, queryId, ['running'], {
      status,
      error_message: error.message,
      end_time: Date.now(),
      extra_json: errorsExtra(row.extra_json, error),
    });
  };

  let outcome: Outcome;
  try {
    outcome = await run(deps, row, signal);
  } catch (error) {
    const why = signal.aborted ? reason() : null;
    if (why === 'stopped') return { status: 'stopped' };
    if (why === 'timed_out') {
      const timeout = timeoutError(timeoutSeconds ?? ctx.config.sqllabTimeout);
      await fail(timeout, 'timed_out');
      return { status: 'timed_out', error: timeout };
    }
    const shown = asShownError(error);
    if (!(error instanceof TesseraError))
      ctx.logger.error({ err: error, queryId }, 'SQL Lab run failed');
    await fail(shown);
    return { status: 'failed', error: shown };
  }
  return outcome;
}

async function run(
  deps: ExecutionDeps,
  row: QueryRowWithNames,
  signal: AbortSignal,
): Promise<Outcome> {
  const { ctx, results } = deps;
  const db = ctx.store.db;
  const database = await databaseRepository.get(db, row.database_id);
  if (!database)
    throw new TesseraError(404, 'The database referenced in this query was not found.', {
      errorType: 'DATABASE_NOT_FOUND_ERROR',
    });
  const spec = lookupSpec(database.engine);
  const connection: EngineConnection = await ctx.connections.forRow(database);
  const statements = splitStatements(row.executed_sql ?? row.sql, tokenizeOptions(spec.dialect));
  const limit = row.limit ?? ctx.config.sqlMaxRow;
  const maxRows = limit + 1;

  let lastWithColumns: { schema: Schema; columns: ResultColumn[]; batches: RecordBatch[] } | null =
    null;
  for (let index = 0; index < statements.length; index += 1) {
    const result = await connection.execute(statements[index], {
      signal,
      maxRows,
      schema: row.schema,
      catalog: row.catalog,
    });
    const isLast = index === statements.length - 1;
    if (result.columns.length > 0) {
      lastWithColumns = {
        schema: result.schema,
        columns: result.columns,
        batches: await collect(result.batches, maxRows),
      };
    } else {
      await drain(result.batches);
      if (isLast && lastWithColumns === null)
        lastWithColumns = { schema: result.schema, columns: [], batches: [] };
    }
    if (statements.length > 1 && !isLast) {
      await queryRepository.updateIfStatus(db, row.id, ['running'], {
        progress: Math.round(((index + 1) * 100) / statements.length),
      });
    }
  }

  const collected = lastWithColumns ?? { schema: new Schema([]), columns: [], batches: [] };
  const fetched = collected.batches.reduce((sum, batch) => sum + batch.numRows, 0);
  const limited = fetched > limit;
  const table = tableFromBatches(collected.schema, collected.batches, limit);
  const ipc = resultToIpc(table, collected.columns);
  const maxBytes = ctx.config.sqllabPayloadMaxMb * MB;
  if (ipc.byteLength > maxBytes) {
    throw new TesseraError(
      400,
      `The query result is ${(ipc.byteLength / MB).toFixed(2)} MB, more than the allowed ${ctx.config.sqllabPayloadMaxMb} MB. Lower the row limit or select fewer columns.`,
      { errorType: 'RESULT_TOO_LARGE_ERROR' },
    );
  }

  const key = randomUUID();
  const ttl =
    database.cache_timeout && database.cache_timeout > 0
      ? database.cache_timeout
      : ctx.config.cacheDefaultTimeout;
  await results.put(
    key,
    { meta: { query_id: row.id, rows: table.numRows, created_ms: Date.now() }, ipc },
    ttl,
  );

  const finished = await queryRepository.updateIfStatus(db, row.id, ['running'], {
    status: 'success',
    progress: 100,
    rows: table.numRows,
    end_time: Date.now(),
    end_result_backend_time: Date.now(),
    results_key: key,
    limiting_factor: limited ? row.limiting_factor : 'NOT_LIMITED',
    error_message: null,
  });
  if (!finished) {
    // Stopped (or swept) while the last rows came in: nobody will ask for them.
    await results.delete(key).catch(() => undefined);
    return { status: 'stopped' };
  }
  return { status: 'success', table, columns: collected.columns };
}
