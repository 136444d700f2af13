import { isTesseraError, type TesseraError } from '@tessera/shared/errors';
import { driverMessage, engineError, queryCancelled, type Secrets, scrub } from '../errorKit.ts';

export const DUCKDB_NAME = 'DuckDB';

/** DuckDB prefixes messages with their class (`Catalog Error: ...`); the class picks the type. */
export function mapDuckdbError(error: unknown, secrets: Secrets = {}): TesseraError {
  if (isTesseraError(error)) return error;
  const raw = driverMessage(error);
  const message = scrub(raw.replace(/^Failed to extract statements: /, ''), secrets);
  if (/^INTERRUPT Error/i.test(raw) || /Interrupted!?$/.test(raw))
    return queryCancelled(DUCKDB_NAME);
  if (
    /Catalog Error: Schema with name .* does not exist|because schema .* does not exist/i.test(raw)
  ) {
    return engineError(DUCKDB_NAME, 'SCHEMA_DOES_NOT_EXIST_ERROR', message, { cause: error });
  }
  if (/Catalog Error: Table( Function)? with name .* does not exist/i.test(raw)) {
    return engineError(DUCKDB_NAME, 'TABLE_DOES_NOT_EXIST_ERROR', message, { cause: error });
  }
  if (
    /Binder Error: (Referenced column|Column) .* not found|column .* does not exist|Values list .* does not have a column/i.test(
      raw,
    )
  ) {
    return engineError(DUCKDB_NAME, 'COLUMN_DOES_NOT_EXIST_ERROR', message, { cause: error });
  }
  if (/Parser Error/i.test(raw))
    return engineError(DUCKDB_NAME, 'SYNTAX_ERROR', message, { cause: error });
  return engineError(DUCKDB_NAME, 'GENERIC_DB_ENGINE_ERROR', message, { cause: error });
}

/** Opening the file failed: a missing folder or a locked/unreadable file. */
export function mapDuckdbConnectError(error: unknown, path: string): TesseraError {
  if (isTesseraError(error)) return error;
  const raw = driverMessage(error);
  if (/Could not set lock|Conflicting lock/i.test(raw)) {
    return engineError(
      DUCKDB_NAME,
      'CONNECTION_ACCESS_DENIED_ERROR',
      `The DuckDB file "${path}" is locked by another process.`,
      { cause: error },
    );
  }
  if (/IO Error|No such file|cannot open|Permission denied/i.test(raw)) {
    return engineError(
      DUCKDB_NAME,
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
      `Could not open the DuckDB file "${path}".`,
      { cause: error },
    );
  }
  return engineError(DUCKDB_NAME, 'GENERIC_DB_ENGINE_ERROR', scrub(raw), { cause: error });
}
