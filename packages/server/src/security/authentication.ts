import { TesseraError } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { anonymousActor, userActor } from './actor.ts';
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
): void {
  app.decorateRequest('user', null as FastifyRequest['user']);
  app.decorateRequest('publicRoles', undefined as unknown as FastifyRequest['publicRoles']);
  app.decorateRequest('actor', undefined as unknown as FastifyRequest['actor']);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('csrfToken', null);

  app.addHook('onRequest', async (request) => {
    await identify(request);
    const setting = { baseUrl: baseUrlOf(request), log: request.log };
    request.actor = request.user
      ? userActor(request.user, setting)
      : anonymousActor(request.publicRoles, setting);
  });

  async function identify(request: FastifyRequest): Promise<void> {
    request.user = null;
    request.publicRoles = {};
    const bearer = bearerToken(request);
    if (bearer) {
      // The refresh route reads its own token; any other bearer must be a valid access token.
      if (request.url.startsWith('/api/v1/security/refresh')) return;
      const userId = await tokens.verify(bearer, 'access');
      request.user = userId ? await service.loadCurrentUser(userId, 'bearer') : null;
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

/** Static files and health checks never need the Public role. */
function needsPublicRoles(request: FastifyRequest): boolean {
  return !(request.url.startsWith('/static/') || request.url.startsWith('/health'));
}
