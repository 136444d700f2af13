import { isTesseraError, type TesseraError } from '@tessera/shared/errors';
import {
  driverMessage,
  engineError,
  queryCancelled,
  type Secrets,
  scrub,
  socketError,
} from '../errorKit.ts';

interface MysqlLikeError {
  code?: string;
  errno?: number;
}

export interface MysqlErrorContext extends Secrets {
  engineName: string;
  host?: string | null;
  port?: number | null;
  database?: string | null;
  username?: string | null;
  /** `connect` errors about a database name mean the connection's database; `query` ones a schema. */
  phase?: 'connect' | 'query';
}

export function mapMysqlError(error: unknown, context: MysqlErrorContext): TesseraError {
  if (isTesseraError(error)) return error;
  const { engineName } = context;
  const { code } = (error ?? {}) as MysqlLikeError;
  const raw = driverMessage(error);
  const message = scrub(raw, context);
  const host = context.host ?? 'localhost';
  const port = context.port ?? 3306;
  const socket = socketError(
    engineName,
    code,
    { host, port },
    `Unknown MySQL server host "${host}".`,
    error,
  );
  if (socket) return socket;
  switch (code) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      // MySQL does not say which of the two was wrong; Superset answers "access denied" too.
      return engineError(
        engineName,
        'CONNECTION_ACCESS_DENIED_ERROR',
        `Either the username "${context.username ?? ''}" or the password is incorrect.`,
        {
          cause: error,
        },
      );
    case 'ER_DBACCESS_DENIED_ERROR':
      return engineError(engineName, 'CONNECTION_DATABASE_PERMISSIONS_ERROR', message, {
        cause: error,
      });
    case 'ER_BAD_DB_ERROR':
      return context.phase === 'query'
        ? engineError(engineName, 'SCHEMA_DOES_NOT_EXIST_ERROR', message, { cause: error })
        : engineError(
            engineName,
            'CONNECTION_UNKNOWN_DATABASE_ERROR',
            `Unable to connect to database "${context.database ?? ''}".`,
            { cause: error },
          );
    case 'ER_QUERY_INTERRUPTED':
      return queryCancelled(engineName);
    case 'ER_NO_SUCH_TABLE':
      return engineError(engineName, 'TABLE_DOES_NOT_EXIST_ERROR', message, { cause: error });
    case 'ER_BAD_FIELD_ERROR':
      return engineError(engineName, 'COLUMN_DOES_NOT_EXIST_ERROR', message, { cause: error });
    case 'ER_PARSE_ERROR':
      return engineError(engineName, 'SYNTAX_ERROR', message, { cause: error });
    default:
      return engineError(engineName, 'GENERIC_DB_ENGINE_ERROR', message, { cause: error });
  }
}
