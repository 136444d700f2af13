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

/**
 * A `next` target is followed only when it stays on this site: a path starting with one slash
 * (not `//host`, not `/\host`, which browsers treat as another origin).
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return '/';
  if (next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
