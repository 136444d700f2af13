import { isTesseraError, type TesseraError } from '@tessera/shared/errors';
import {
  driverMessage,
  engineError,
  hostDown,
  queryCancelled,
  type Secrets,
  scrub,
  socketError,
} from '../errorKit.ts';

export const POSTGRESQL_NAME = 'PostgreSQL';

interface PgLikeError {
  code?: string;
  message?: string;
  hostname?: string;
}

/**
 * SQLSTATE codes and Node socket codes to Superset's error types. Connection failures get a
 * sentence of our own (naming host and port, never the password); query failures keep the
 * server's message, which names the missing table or column.
 */
export function mapPostgresError(
  error: unknown,
  secrets: Secrets & {
    host?: string | null;
    port?: number | null;
    database?: string | null;
    username?: string | null;
  } = {},
): TesseraError {
  if (isTesseraError(error)) return error;
  const { code } = (error ?? {}) as PgLikeError;
  const raw = driverMessage(error);
  const message = scrub(raw, secrets);
  const endpoint = { host: secrets.host ?? 'localhost', port: secrets.port ?? 5432 };
  const socket = socketError(
    POSTGRESQL_NAME,
    code,
    endpoint,
    `The hostname "${endpoint.host}" cannot be resolved.`,
    error,
  );
  if (socket) return socket;
  switch (code) {
    case '28P01':
      return engineError(
        POSTGRESQL_NAME,
        'CONNECTION_INVALID_PASSWORD_ERROR',
        `The password provided for username "${secrets.username ?? ''}" is incorrect.`,
        { cause: error },
      );
    case '28000':
      if (/role .* does not exist/i.test(raw)) {
        return engineError(
          POSTGRESQL_NAME,
          'CONNECTION_INVALID_USERNAME_ERROR',
          `The username "${secrets.username ?? ''}" does not exist.`,
          { cause: error },
        );
      }
      return engineError(
        POSTGRESQL_NAME,
        'CONNECTION_ACCESS_DENIED_ERROR',
        'Either the username or the password is wrong, or this host may not connect.',
        { cause: error },
      );
    case '3D000':
      return engineError(
        POSTGRESQL_NAME,
        'CONNECTION_UNKNOWN_DATABASE_ERROR',
        `Unable to connect to database "${secrets.database ?? ''}".`,
        { cause: error },
      );
    case '42501':
      return engineError(POSTGRESQL_NAME, 'GENERIC_DB_ENGINE_ERROR', message, { cause: error });
    case '57014':
      return queryCancelled(POSTGRESQL_NAME);
    case '42P01':
      return engineError(POSTGRESQL_NAME, 'TABLE_DOES_NOT_EXIST_ERROR', message, { cause: error });
    case '42703':
      return engineError(POSTGRESQL_NAME, 'COLUMN_DOES_NOT_EXIST_ERROR', message, { cause: error });
    case '3F000':
      return engineError(POSTGRESQL_NAME, 'SCHEMA_DOES_NOT_EXIST_ERROR', message, { cause: error });
    case '42601':
      return engineError(POSTGRESQL_NAME, 'SYNTAX_ERROR', message, { cause: error });
    default:
      if (/timeout expired|Connection terminated due to connection timeout/i.test(raw)) {
        return hostDown(POSTGRESQL_NAME, endpoint, error);
      }
      return engineError(POSTGRESQL_NAME, 'GENERIC_DB_ENGINE_ERROR', message, { cause: error });
  }
}
