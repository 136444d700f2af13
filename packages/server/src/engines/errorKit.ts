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

/** Longest driver message passed on; the rest of a message this long is the caller's own input. */
export const MAX_MESSAGE_LENGTH = 10_000;

/**
 * Removes passwords and URIs (any `scheme://user:pw@` authority) from a driver message, and
 * bounds its length. Linear in the message: a driver echoes the caller's input (a 1 MB schema
 * name, a metric of 100,000 letters), so no step may backtrack over it.
 */
export function scrub(message: string, secrets: Secrets = {}): string {
  // Cut with room for a whole secret past the bound, so no secret is cut in half before it is
  // replaced; the final cut below drops that room again.
  const room = Math.max(secrets.uri?.length ?? 0, secrets.password?.length ?? 0);
  let text =
    message.length > MAX_MESSAGE_LENGTH + room
      ? message.slice(0, MAX_MESSAGE_LENGTH + room)
      : message;
  if (secrets.uri) text = text.split(secrets.uri).join('<uri>');
  if (secrets.password && secrets.password.length > 0)
    text = text.split(secrets.password).join('XXXXXXXXXX');
  text = withoutUserInfo(text).trim();
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

const SCHEME_CHAR = /[A-Za-z0-9+.\-_]/;
const LETTER = /[A-Za-z]/;
const AUTHORITY_END = /[\s@/]/;

/**
 * Drops the `user:password@` of every `scheme://user:password@host` (a scheme is a letter and
 * then letters, digits, `+`, `.`, `-`, `_`). Each `://` is examined once, with one look back over
 * its scheme and one look ahead to the first whitespace, `@` or `/`: neither crosses a `:`, a `/`
 * or another `://`, so every character is read a bounded number of times.
 */
function withoutUserInfo(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const sep = text.indexOf('://', from);
    if (sep < 0) break;
    from = sep + 1;
    let start = sep;
    let hasLetter = false;
    while (start > copied && SCHEME_CHAR.test(text[start - 1] as string)) {
      start -= 1;
      if (LETTER.test(text[start] as string)) hasLetter = true;
    }
    if (!hasLetter) continue;
    let end = sep + 3;
    while (end < text.length && !AUTHORITY_END.test(text[end] as string)) end += 1;
    if (text[end] !== '@') continue;
    out += text.slice(copied, sep + 3);
    copied = end + 1;
    from = copied;
  }
  return out + text.slice(copied);
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
