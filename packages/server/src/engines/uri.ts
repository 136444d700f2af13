import { TesseraError } from '@tessera/shared/errors';

/** What Superset shows in place of a stored password. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

/** A SQLAlchemy-style URI: `dialect[+driver]://user:password@host:port/database?query`. */
export interface ParsedUri {
  /** The whole scheme, e.g. `postgresql+psycopg2`. */
  scheme: string;
  /** The part before `+`, e.g. `postgresql`. */
  dialect: string;
  driver: string | null;
  username: string | null;
  password: string | null;
  host: string | null;
  port: number | null;
  /** Everything after the authority's `/`, decoded (a file path for file engines). */
  database: string | null;
  query: Record<string, string>;
}

const URI_PATTERN = /^([A-Za-z][A-Za-z0-9+.\-_]*):\/\/(.*)$/s;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The scheme of a URI (`postgresql+psycopg2`), or null when the text is not a URI at all. */
export function uriScheme(uri: string): string | null {
  const match = URI_PATTERN.exec(uri.trim());
  return match ? match[1].toLowerCase() : null;
}

function invalidUri(): TesseraError {
  return new TesseraError(
    400,
    'Invalid connection string: a valid URI looks like dialect://user:password@host:port/database',
    {
      errorType: 'GENERIC_DB_ENGINE_ERROR',
    },
  );
}

export function parseSqlalchemyUri(uri: string): ParsedUri {
  const match = URI_PATTERN.exec(uri.trim());
  if (!match) throw invalidUri();
  const scheme = match[1].toLowerCase();
  let rest = match[2];
  let queryText = '';
  const queryAt = rest.indexOf('?');
  if (queryAt >= 0) {
    queryText = rest.slice(queryAt + 1);
    rest = rest.slice(0, queryAt);
  }
  const slashAt = rest.indexOf('/');
  const authority = slashAt >= 0 ? rest.slice(0, slashAt) : rest;
  const path = slashAt >= 0 ? rest.slice(slashAt + 1) : null;

  let username: string | null = null;
  let password: string | null = null;
  let hostPort = authority;
  // The last `@` separates credentials: an unencoded `@` in a password still parses.
  const at = authority.lastIndexOf('@');
  if (at >= 0) {
    const credentials = authority.slice(0, at);
    hostPort = authority.slice(at + 1);
    const colon = credentials.indexOf(':');
    username = decode(colon >= 0 ? credentials.slice(0, colon) : credentials) || null;
    password = colon >= 0 ? decode(credentials.slice(colon + 1)) : null;
  }

  let host: string | null = hostPort || null;
  let port: number | null = null;
  const portMatch = /^(\[[^\]]+\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  if (!portMatch) throw invalidUri();
  if (portMatch[2] !== undefined && portMatch[2] !== '') {
    port = Number(portMatch[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new TesseraError(400, 'The port number is invalid.', {
        errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      });
    }
  } else if (portMatch[2] === '') {
    throw invalidUri();
  }
  host = portMatch[1] ? portMatch[1].replace(/^\[(.*)\]$/, '$1') : null;

  const query: Record<string, string> = {};
  if (queryText) {
    for (const [key, value] of new URLSearchParams(queryText)) query[key] = value;
  }
  const [dialect, driver] = scheme.split('+', 2);
  return {
    scheme,
    dialect,
    driver: driver ?? null,
    username,
    password,
    host,
    port,
    database: path === null || path === '' ? null : decode(path),
    query,
  };
}

function encodeCredential(text: string): string {
  return encodeURIComponent(text);
}

export function buildSqlalchemyUri(parts: {
  scheme: string;
  username?: string | null;
  password?: string | null;
  host?: string | null;
  port?: number | null;
  database?: string | null;
  query?: Record<string, string | undefined>;
}): string {
  let credentials = '';
  if (parts.username) {
    credentials = encodeCredential(parts.username);
    if (parts.password) credentials += `:${encodeCredential(parts.password)}`;
    credentials += '@';
  }
  const host = parts.host?.includes(':') ? `[${parts.host}]` : (parts.host ?? '');
  const port = parts.port ? `:${parts.port}` : '';
  const database = parts.database ? `/${encodeURIComponent(parts.database)}` : '';
  const entries = Object.entries(parts.query ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  const query = entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
  return `${parts.scheme}://${credentials}${host}${port}${database}${query}`;
}

/** The URI with its password (if any) replaced by `XXXXXXXXXX`, as Superset answers it. */
export function maskUriPassword(uri: string): string {
  const match = URI_PATTERN.exec(uri.trim());
  if (!match) return uri;
  const rest = match[2];
  const end = rest.search(/[/?]/);
  const authority = end >= 0 ? rest.slice(0, end) : rest;
  const at = authority.lastIndexOf('@');
  if (at < 0) return uri;
  const credentials = authority.slice(0, at);
  const colon = credentials.indexOf(':');
  if (colon < 0) return uri;
  const masked = `${credentials.slice(0, colon)}:${PASSWORD_MASK}${authority.slice(at)}`;
  return `${match[1]}://${masked}${end >= 0 ? rest.slice(end) : ''}`;
}

/** The password to use: the one passed apart wins over one written in the URI (unless masked). */
export function effectivePassword(parsed: ParsedUri, password?: string | null): string | null {
  if (password !== undefined && password !== null && password !== '') return password;
  if (parsed.password && parsed.password !== PASSWORD_MASK) return parsed.password;
  return null;
}
