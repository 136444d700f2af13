import { forbidden, TesseraError } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { anonymousActor, userActor } from './actor.ts';
import { GUEST_TOKEN_HEADER, type GuestTokens, isGuestRoute } from './guestToken.ts';
import type { SecurityService } from './service.ts';
import type { TokenIssuer } from './tokens.ts';

export const SESSION_COOKIE = 'session';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths a browser may post to without a CSRF token: the login form itself. */
const CSRF_EXEMPT = new Set([
  '/login',
  '/login/',
  '/api/v1/security/login',
  '/api/v1/security/refresh',
]);

declare module 'fastify' {
  interface FastifyRequest {
    sessionId: string | null;
    csrfToken: string | null;
  }
}

/**
 * Resolves who is calling on every request (session cookie or bearer token) and checks the CSRF
 * token on mutating calls made with a session cookie. Installed on the root instance so every
 * feature plugin sees `request.user`.
 */
export function installAuthentication(
  app: FastifyInstance,
  service: SecurityService,
  tokens: TokenIssuer,
  guests?: GuestTokens,
): void {
  app.decorateRequest('user', null as FastifyRequest['user']);
  app.decorateRequest('publicRoles', undefined as unknown as FastifyRequest['publicRoles']);
  app.decorateRequest('actor', undefined as unknown as FastifyRequest['actor']);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('csrfToken', null);

  app.addHook('onRequest', async (request) => {
    const setting = { baseUrl: baseUrlOf(request), log: request.log };
    // A guest token speaks for the request whatever else it carries (the least it may do).
    const guestToken = guests?.enabled ? request.headers[GUEST_TOKEN_HEADER] : undefined;
    if (guests && guestToken !== undefined) {
      request.user = null;
      request.publicRoles = {};
      const guest =
        typeof guestToken === 'string' ? await guests.actorFor(guestToken, setting) : null;
      // Expired, forged, for another audience, or not a guest token: refused at once.
      if (!guest) throw new TesseraError(401, 'Not authorized');
      request.actor = guest;
      if (!mayGuestEnter(request)) throw forbidden('Forbidden');
      return;
    }
    await identify(request);
    request.actor = request.user
      ? userActor(request.user, setting)
      : anonymousActor(request.publicRoles, setting);
    // Before the body is read or any input validated: a stranger learns nothing from a 400.
    if (!request.user && !mayEnterAnonymously(request)) {
      throw new TesseraError(401, 'Not authorized');
    }
  });

  async function identify(request: FastifyRequest): Promise<void> {
    request.user = null;
    request.publicRoles = {};
    const bearer = bearerToken(request);
    if (bearer) {
      // The refresh route reads its own token; any other bearer must be a valid access token.
      if (request.url.startsWith('/api/v1/security/refresh')) return;
      const claims = await tokens.verify(bearer, 'access');
      request.user = claims ? await service.loadTokenUser(claims) : null;
      if (!request.user) throw new TesseraError(401, 'Not authorized');
      return;
    }
    const sessionId = request.cookies?.[SESSION_COOKIE];
    if (sessionId) {
      const session = await service.resolveSession(sessionId);
      if (session) {
        request.user = await service.loadCurrentUser(session.userId, 'session');
        if (request.user) {
          request.sessionId = sessionId;
          request.csrfToken = session.csrfToken;
        }
      }
    }
    if (!request.user && needsPublicRoles(request))
      request.publicRoles = await service.publicRoles();
  }

  // A callback hook, not an async one: it never waits, and runs on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    done(csrfRefusal(request) ?? undefined);
  });
}

/** Why a mutating call made with a session cookie is refused, or null when its token is right. */
function csrfRefusal(request: FastifyRequest): TesseraError | null {
  if (!MUTATING.has(request.method) || request.user?.via !== 'session') return null;
  const path = request.url.split('?', 1)[0] ?? '';
  if (CSRF_EXEMPT.has(path)) return null;
  // Browser forms (no custom headers possible) send the token as a `csrf_token` field.
  const formToken = (request.body as { csrf_token?: unknown } | undefined)?.csrf_token;
  const sent =
    request.headers['x-csrftoken'] ??
    request.headers['x-csrf-token'] ??
    (typeof formToken === 'string' ? formToken : undefined);
  if (!sent) return new TesseraError(400, 'The CSRF token is missing.');
  if (sent !== request.csrfToken) return new TesseraError(400, 'The CSRF token is invalid.');
  return null;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

/** Where links in answers point: the address the caller used to reach this server. */
function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Routes that anyone may call without signing in: the ways in (login, token refresh, CSRF token),
 * health checks, the web client's pages and files (a page sends a stranger to the login page),
 * and the API description. Keyed by the route's pattern, so no path trick reaches another route.
 */
const ANONYMOUS_ROUTES = new Set([
  '/login/',
  '/logout/',
  '/api/v1/security/login',
  '/api/v1/security/refresh',
  '/api/v1/security/logout',
  '/api/v1/security/csrf_token/',
  '/health',
  '/healthcheck',
  '/api/v1/bootstrap/',
  '/api/v1/_openapi',
  '/',
  '/*',
  '/static/*',
  '/sqllab/',
  '/superset/sqllab/',
  // The embedded dashboard's page: it reads nothing until its host sends a guest token.
  '/embedded/:uuid',
]);
const ANONYMOUS_PREFIXES = ['/swagger/v1'];

/**
 * Whether an anonymous caller may reach this route's handler. Any other route needs a user,
 * unless the Public role grants something: then the route's service decides, as it does for a
 * signed-in user (anonymous callers it refuses get 401 there). A path no route matches goes on
 * to the 404.
 */
function mayEnterAnonymously(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return true;
  if (ANONYMOUS_ROUTES.has(route)) return true;
  if (ANONYMOUS_PREFIXES.some((prefix) => route.startsWith(prefix))) return true;
  return Object.values(request.publicRoles).some((pairs) => pairs.length > 0);
}

/**
 * Whether a guest may reach this route: the guest routes (`guestToken.ts`), and what anyone may
 * read without signing in. A path no route matches goes on to the 404.
 */
function mayGuestEnter(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined || isGuestRoute(request.method, route)) return true;
  if (request.method !== 'GET') return false;
  return ANONYMOUS_ROUTES.has(route) || ANONYMOUS_PREFIXES.some((p) => route.startsWith(p));
}

/** Static files and health checks never need the Public role. */
function needsPublicRoles(request: FastifyRequest): boolean {
  return !(request.url.startsWith('/static/') || request.url.startsWith('/health'));
}
