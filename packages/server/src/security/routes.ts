import { randomBytes } from 'node:crypto';
import { securityRoutes as routes } from '@tessera/shared/api/routes/security';
import { TesseraError } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { listEnvelope } from '../platform/listing.ts';
import { bearerToken, SESSION_COOKIE } from './authentication.ts';
import { WindowCounter } from './loginThrottle.ts';
import type { SecurityService } from './service.ts';
import type { TokenIssuer } from './tokens.ts';

const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again later.';

const BrowserLogin = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
  next: z.string().optional(),
});

/** Login, logout, tokens, CSRF, `me`, and the user and role administration API. */
export async function securityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: SecurityService,
  tokens: TokenIssuer,
) {
  // One budget per address for both ways in, the browser form and the API login: the rate-limit
  // plugin keeps a separate count per route even within a group.
  const attempts = new WindowCounter(ctx.config.loginRateLimit, 60_000);
  const loginLimit = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (attempts.isSpent(request.ip)) {
        reply.header('retry-after', String(attempts.secondsLeft(request.ip)));
        throw new TesseraError(429, TOO_MANY_ATTEMPTS);
      }
      attempts.record(request.ip);
    },
  };

  // The browser's login form: not an API call, so no descriptor.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/login/',
    { ...loginLimit, schema: { body: BrowserLogin, hide: true } },
    async (request, reply) => {
      assertSameOrigin(request);
      const user = await service.authenticate(request.body.username, request.body.password);
      const session = await service.createSession(user.id);
      reply.setCookie(SESSION_COOKIE, session.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: session.expires,
      });
      return { result: { id: user.id, username: user.username } };
    },
  );

  r.get('/logout/', { schema: { hide: true } }, async (request, reply) => {
    await endBrowserSession(request, reply, service);
    return reply.redirect('/login/');
  });

  const serveSecurity = describedRoutes(app, ['Security']);
  serveSecurity(routes.logout, async (request, reply) => {
    await endBrowserSession(request, reply, service);
    return { message: 'OK' };
  });

  serveSecurity(
    routes.login,
    async (request) => {
      // API clients get Superset's plain 401, not the browser form's wording.
      const user = await service
        .authenticate(request.body.username, request.body.password)
        .catch((error: unknown) => {
          if (error instanceof TesseraError && error.status === 401) {
            throw new TesseraError(401, 'Not authorized');
          }
          throw error;
        });
      const version = Number(user.credentials_version);
      const sign = (kind: 'access' | 'refresh', seconds: number) =>
        tokens.sign(user.id, kind, seconds, version);
      const access_token = await sign('access', ctx.config.accessTokenSeconds);
      if (!request.body.refresh) return { access_token };
      return { access_token, refresh_token: await sign('refresh', ctx.config.refreshTokenSeconds) };
    },
    loginLimit,
  );

  serveSecurity(routes.refresh, async (request) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token, 'refresh') : null;
    const user = claims ? await service.loadTokenUser(claims) : null;
    if (!user || !claims) throw new TesseraError(401, 'Not authorized');
    return {
      access_token: await tokens.sign(
        user.id,
        'access',
        ctx.config.accessTokenSeconds,
        claims.version,
      ),
    };
  });

  serveSecurity(routes.csrfToken, async (request) => ({
    result: request.csrfToken ?? randomBytes(24).toString('base64url'),
  }));

  const serveMe = describedRoutes(app, ['Current User']);
  serveMe(routes.me, async (request) => ({ result: service.me(request.actor) }));
  serveMe(routes.meRoles, async (request) => ({ result: service.myRoles(request.actor) }));

  // ---- administration ----------------------------------------------------------------------
  const list = <T extends { id: number }>(result: T[], title: string, columns: string[]) =>
    listEnvelope(
      { count: result.length, ids: result.map((item) => item.id), result },
      { title, listColumns: columns, orderColumns: columns, label: labelOf },
    );
  const users = describedRoutes(app, ['Security Users']);
  const roles = describedRoutes(app, ['Security Roles']);

  users(routes.users, async (request) =>
    list(await service.listUsers(request.actor), 'List Users', [
      'username',
      'first_name',
      'last_name',
      'email',
      'active',
      'roles',
      'last_login',
    ]),
  );
  users(routes.user, async (request) => {
    const result = await service.getUser(request.actor, request.params.pk);
    return { id: request.params.pk, result };
  });
  users(routes.createUser, async (request) => {
    const user = await service.createUser(request.actor, request.body);
    return { id: user.id, result: user };
  });
  users(routes.updateUser, async (request) => {
    const user = await service.updateUser(request.actor, request.params.pk, request.body);
    return { id: user.id, result: user };
  });
  users(routes.deleteUser, async (request) => {
    await service.deleteUser(request.actor, request.params.pk);
    return { message: 'OK' };
  });

  roles(routes.roles, async (request) =>
    list(await service.listRoles(request.actor), 'List Roles', [
      'name',
      'permissions',
      'user_count',
    ]),
  );
  roles(routes.role, async (request) => {
    const result = await service.getRole(request.actor, request.params.pk);
    return { id: request.params.pk, result };
  });
  roles(routes.createRole, async (request) => {
    const role = await service.createRole(request.actor, request.body);
    return { id: role.id, result: role };
  });
  roles(routes.updateRole, async (request) => {
    const role = await service.updateRole(request.actor, request.params.pk, request.body);
    return { id: role.id, result: role };
  });
  roles(routes.deleteRole, async (request) => {
    await service.deleteRole(request.actor, request.params.pk);
    return { message: 'OK' };
  });
  roles(routes.permissions, async (request) => ({
    result: await service.listPermissions(request.actor),
  }));
}

async function endBrowserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  service: SecurityService,
) {
  const sessionId = request.cookies?.[SESSION_COOKIE];
  if (sessionId) await service.endSession(sessionId);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** A browser login must come from our own pages (login CSRF); API clients send no Origin. */
function assertSameOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (!origin) return;
  const host = request.headers.host;
  try {
    if (new URL(origin).host === host) return;
  } catch {
    // fall through
  }
  throw new TesseraError(403, 'Cross-site login refused');
}

function labelOf(column: string): string {
  return column.replaceAll('_', ' ').replace(/^\w/, (c) => c.toUpperCase());
}
