import { isTesseraError, type TesseraError } from '@tessera/shared/errors';
import { driverMessage, engineError, queryCancelled, scrub } from '../errorKit.ts';

export const SQLITE_NAME = 'SQLite';

export function mapSqliteError(error: unknown): TesseraError {
  if (isTesseraError(error)) return error;
  const raw = driverMessage(error);
  const message = scrub(raw);
  if (/interrupted/i.test(raw)) return queryCancelled(SQLITE_NAME);
  if (/no such table/i.test(raw))
    return engineError(SQLITE_NAME, 'TABLE_DOES_NOT_EXIST_ERROR', message, { cause: error });
  if (/no such column/i.test(raw))
    return engineError(SQLITE_NAME, 'COLUMN_DOES_NOT_EXIST_ERROR', message, { cause: error });
  if (/unknown database/i.test(raw))
    return engineError(SQLITE_NAME, 'SCHEMA_DOES_NOT_EXIST_ERROR', message, { cause: error });
  if (/syntax error|incomplete input|unrecognized token/i.test(raw)) {
    return engineError(SQLITE_NAME, 'SYNTAX_ERROR', message, { cause: error });
  }
  return engineError(SQLITE_NAME, 'GENERIC_DB_ENGINE_ERROR', message, { cause: error });
}

export function mapSqliteConnectError(error: unknown, path: string): TesseraError {
  if (isTesseraError(error)) return error;
  const raw = driverMessage(error);
  if (
    /unable to open|cannot open|no such file|SQLITE_CANTOPEN|directory does not exist/i.test(raw)
  ) {
    return engineError(
      SQLITE_NAME,
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
      `Could not open the SQLite file "${path}": it does not exist or is not readable.`,
      {
        cause: error,
      },
    );
  }
  if (/not a database|file is encrypted/i.test(raw)) {
    return engineError(
      SQLITE_NAME,
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
      `The file "${path}" is not a SQLite database.`,
      { cause: error },
    );
  }
  return engineError(SQLITE_NAME, 'GENERIC_DB_ENGINE_ERROR', scrub(raw), { cause: error });
}
