/**
 * Which GET requests are pages of the web client. Everything else that reaches the fallback
 * (an unknown API path, a missing asset) is a plain 404.
 */
const NOT_PAGE_PREFIXES = [
  '/api/',
  '/static/',
  '/swagger',
  '/health',
  '/healthcheck',
  '/tabstateview/',
  '/tableschemaview/',
];

/** Files a browser asks for on its own, and leftovers of source maps: never pages. */
const FILE_EXTENSION = /\.(?:js|mjs|css|map|ico|png|jpe?g|gif|svg|webp|txt|json|xml|woff2?|ttf)$/i;

export function isPageRoute(pathname: string): boolean {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (NOT_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return !FILE_EXTENSION.test(pathname);
}

export const LOGIN_PATH = '/login/';

export function isLoginPage(pathname: string): boolean {
  return pathname === '/login' || pathname === LOGIN_PATH;
}

/** ASCII control characters: browsers drop tabs and newlines from a URL, headers refuse them. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A `next` target is followed only when it stays on this site: a path starting with one slash
 * (not `//host`, not `/\host`, which browsers treat as another origin, nor `/<tab>/host`, which
 * they read as `//host`). Other characters beyond ASCII are percent-encoded so the target is a
 * valid Location header.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || hasControlCharacter(next)) return '/';
  if (next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    return next.replace(/[^\u0020-\u007e]+/g, (text) => encodeURIComponent(text));
  } catch {
    // A lone surrogate cannot be encoded: no page has such a path.
    return '/';
  }
}
