import { PASSWORD_MASK } from '@tessera/shared/api/databases';

/**
 * SQLAlchemy-style connection URIs (`backend+driver://user:password@host:port/db?query`).
 * Only the credentials part is taken apart here: the password is kept out of the stored URI and
 * out of every answer, and the scheme tells which engine serves it. Everything else is the
 * engine's business (its parseUri/buildUri).
 */

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

export interface UriParts {
  scheme: string;
  /** `postgresql` of `postgresql+psycopg2`. */
  backend: string;
  /** `psycopg2` of `postgresql+psycopg2`, null without one. */
  driver: string | null;
  /** Text between `://` and the credentials' `@` (raw, still percent-encoded); null if none. */
  userinfo: string | null;
  username: string | null;
  /** The username as written (still percent-encoded), kept so a rebuilt URI reads the same. */
  rawUsername: string | null;
  /** Decoded password; null when the URI carries none. */
  password: string | null;
  /** Everything after the credentials: host, port, path and query. */
  rest: string;
}

export function hasValidScheme(uri: string): boolean {
  return SCHEME.test(uri.trim());
}

/** Splits a URI; null when it has no `scheme://`. */
export function splitUri(uri: string): UriParts | null {
  const trimmed = uri.trim();
  const match = SCHEME.exec(trimmed);
  if (!match) return null;
  const scheme = match[1] as string;
  const [backend, driver] = scheme.split('+', 2) as [string, string | undefined];
  const afterScheme = trimmed.slice(match[0].length);
  // File-based URIs (`sqlite:////tmp/x.db`) start with a slash: no credentials to find.
  const queryStart = afterScheme.indexOf('?');
  const head = queryStart === -1 ? afterScheme : afterScheme.slice(0, queryStart);
  const at = afterScheme.startsWith('/') ? -1 : head.lastIndexOf('@');
  if (at === -1) {
    return {
      scheme,
      backend: backend.toLowerCase(),
      driver: driver ?? null,
      userinfo: null,
      username: null,
      rawUsername: null,
      password: null,
      rest: afterScheme,
    };
  }
  const userinfo = afterScheme.slice(0, at);
  const colon = userinfo.indexOf(':');
  const rawUser = colon === -1 ? userinfo : userinfo.slice(0, colon);
  const rawPassword = colon === -1 ? null : userinfo.slice(colon + 1);
  return {
    scheme,
    backend: backend.toLowerCase(),
    driver: driver ?? null,
    userinfo,
    username: decode(rawUser),
    rawUsername: rawUser,
    password: rawPassword === null ? null : decode(rawPassword),
    rest: afterScheme.slice(at + 1),
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function encodeUserinfo(text: string): string {
  return encodeURIComponent(text);
}

/** Rebuilds a URI from its parts with the given password (null leaves it out). */
export function withPassword(parts: UriParts, password: string | null): string {
  if (parts.userinfo === null && password === null) return `${parts.scheme}://${parts.rest}`;
  const user = parts.rawUsername ?? '';
  const secret =
    password === null
      ? ''
      : `:${password === PASSWORD_MASK ? PASSWORD_MASK : encodeUserinfo(password)}`;
  return `${parts.scheme}://${user}${secret}@${parts.rest}`;
}

/** The URI without its password: what is stored. */
export function stripPassword(uri: string): { uri: string; password: string | null } {
  const parts = splitUri(uri);
  if (!parts) return { uri, password: null };
  return { uri: withPassword(parts, null), password: parts.password };
}

/** The URI as shown to a client: a stored password appears as PASSWORD_MASK. */
export function maskedUri(storedUri: string, hasPassword: boolean): string {
  const parts = splitUri(storedUri);
  if (!parts) return storedUri;
  return withPassword(parts, hasPassword ? PASSWORD_MASK : null);
}

/** The full URI handed to nothing but an engine's connect (never logged, never answered). */
export function uriWithPassword(storedUri: string, password: string | null): string {
  const parts = splitUri(storedUri);
  if (!parts || password === null) return storedUri;
  return withPassword(parts, password);
}

/** Removes every occurrence of a secret from a message an engine produced. */
export function scrubSecret(message: string, secret: string | null | undefined): string {
  if (!secret) return message;
  let out = message.split(secret).join(PASSWORD_MASK);
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) out = out.split(encoded).join(PASSWORD_MASK);
  return out;
}
