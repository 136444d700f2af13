import { type ErrorType, TesseraError } from '@tessera/shared/errors';

/**
 * Shared pieces of every engine's errors.ts. Driver messages are kept (they tell the user which
 * column or table is wrong) but scrubbed of anything secret first.
 */

export const CONNECTION_ERROR_TYPES: ReadonlySet<ErrorType> = new Set<ErrorType>([
  'CONNECTION_INVALID_PASSWORD_ERROR',
  'CONNECTION_INVALID_USERNAME_ERROR',
  'CONNECTION_INVALID_HOSTNAME_ERROR',
  'CONNECTION_PORT_CLOSED_ERROR',
  'CONNECTION_HOST_DOWN_ERROR',
  'CONNECTION_UNKNOWN_DATABASE_ERROR',
  'CONNECTION_ACCESS_DENIED_ERROR',
  'CONNECTION_DATABASE_PERMISSIONS_ERROR',
]);

export interface Secrets {
  password?: string | null;
  uri?: string | null;
}

/** Removes passwords and URIs (any `scheme://user:pw@` authority) from a driver message. */
export function scrub(message: string, secrets: Secrets = {}): string {
  let text = message;
  if (secrets.uri) text = text.split(secrets.uri).join('<uri>');
  if (secrets.password && secrets.password.length > 0)
    text = text.split(secrets.password).join('XXXXXXXXXX');
  text = text.replace(/([A-Za-z][A-Za-z0-9+.\-_]*:\/\/)[^\s@/]*@/g, '$1');
  return text.trim();
}

export function driverMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Connection failures answer 422, query failures 400 (the request itself was at fault). */
export function engineError(
  engineName: string,
  errorType: ErrorType,
  message: string,
  options: { cause?: unknown; extra?: Record<string, unknown> } = {},
): TesseraError {
  const status = CONNECTION_ERROR_TYPES.has(errorType) ? 422 : 400;
  return new TesseraError(status, message, {
    errorType,
    cause: options.cause,
    extra: { engine_name: engineName, ...(options.extra ?? {}) },
  });
}

export function queryCancelled(engineName: string): TesseraError {
  return new TesseraError(400, 'The query was cancelled.', {
    errorType: 'GENERIC_DB_ENGINE_ERROR',
    extra: { engine_name: engineName, cancelled: true },
  });
}

export function noCostEstimate(engineName: string): TesseraError {
  return new TesseraError(400, `${engineName} does not support cost estimation`, {
    errorType: 'GENERIC_DB_ENGINE_ERROR',
    extra: { engine_name: engineName },
  });
}

export function tableNotFound(
  engineName: string,
  table: { name: string; schema?: string | null },
): TesseraError {
  const full = table.schema ? `${table.schema}.${table.name}` : table.name;
  return new TesseraError(404, `Table "${full}" does not exist`, {
    errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
    extra: { engine_name: engineName },
  });
}

/** Throws the abort reason as a cancellation error when the signal already fired. */
export function throwIfAborted(signal: AbortSignal | undefined, engineName: string): void {
  if (signal?.aborted) throw queryCancelled(engineName);
}

/** Where a network engine was asked to connect, for the sentences of socket failures. */
export interface Endpoint {
  host: string;
  port: number;
}

export function hostDown(engineName: string, endpoint: Endpoint, cause: unknown): TesseraError {
  return engineError(
    engineName,
    'CONNECTION_HOST_DOWN_ERROR',
    `The host "${endpoint.host}" might be down, and can't be reached on port ${endpoint.port}.`,
    { cause },
  );
}

/**
 * Node's socket codes (DNS failure, refused port, unreachable host) as Superset's connection
 * errors; null for any other code. Each engine words the unknown-host sentence its own way.
 */
export function socketError(
  engineName: string,
  code: string | undefined,
  endpoint: Endpoint,
  unknownHost: string,
  cause: unknown,
): TesseraError | null {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return engineError(engineName, 'CONNECTION_INVALID_HOSTNAME_ERROR', unknownHost, { cause });
    case 'ECONNREFUSED':
      return engineError(
        engineName,
        'CONNECTION_PORT_CLOSED_ERROR',
        `Port ${endpoint.port} on hostname "${endpoint.host}" refused the connection.`,
        { cause },
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return hostDown(engineName, endpoint, cause);
    default:
      return null;
  }
}
