import { randomBytes } from 'node:crypto';
import { IdParam } from '@tessera/shared/api/common';
import {
  CsrfAnswer,
  LoginBody,
  MeAnswer,
  MeRolesAnswer,
  Role,
  RoleInput,
  TokenAnswer,
  User,
  UserCreate,
  UserUpdate,
} from '@tessera/shared/api/security';
import { TesseraError } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { listEnvelope } from '../platform/listing.ts';
import { bearerToken, SESSION_COOKIE } from './authentication.ts';
import { requirePermission, requireUser } from './currentUser.ts';
import type { SecurityService } from './service.ts';
import type { TokenIssuer } from './tokens.ts';

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } };

  r.post(
    '/login/',
    { config: loginLimit, schema: { body: BrowserLogin, hide: true } },
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

  r.post('/api/v1/security/logout', { schema: { tags: ['Security'] } }, async (request, reply) => {
    await endBrowserSession(request, reply, service);
    return { message: 'OK' };
  });

  r.post(
    '/api/v1/security/login',
    {
      config: loginLimit,
      schema: { tags: ['Security'], body: LoginBody, response: { 200: TokenAnswer } },
    },
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
      const access_token = await tokens.sign(user.id, 'access', ctx.config.accessTokenSeconds);
      if (!request.body.refresh) return { access_token };
      const refresh_token = await tokens.sign(user.id, 'refresh', ctx.config.refreshTokenSeconds);
      return { access_token, refresh_token };
    },
  );

  r.post(
    '/api/v1/security/refresh',
    { schema: { tags: ['Security'], response: { 200: TokenAnswer } } },
    async (request) => {
      const token = bearerToken(request);
      const userId = token ? await tokens.verify(token, 'refresh') : null;
      const user = userId ? await service.loadCurrentUser(userId, 'bearer') : null;
      if (!user) throw new TesseraError(401, 'Not authorized');
      return { access_token: await tokens.sign(user.id, 'access', ctx.config.accessTokenSeconds) };
    },
  );

  r.get(
    '/api/v1/security/csrf_token/',
    { schema: { tags: ['Security'], response: { 200: CsrfAnswer } } },
    async (request) => {
      return { result: request.csrfToken ?? randomBytes(24).toString('base64url') };
    },
  );

  r.get(
    '/api/v1/me/',
    { schema: { tags: ['Current User'], response: { 200: MeAnswer } } },
    async (request) => {
      const user = requireUser(request);
      return {
        result: {
          id: user.id,
          username: user.username,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          is_active: true,
          is_anonymous: false,
        },
      };
    },
  );

  r.get(
    '/api/v1/me/roles/',
    { schema: { tags: ['Current User'], response: { 200: MeRolesAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const grants = (name: string) =>
        Object.values(user.roles).flatMap((pairs) =>
          pairs.filter(([p]) => p === name).map(([, v]) => v),
        );
      return {
        result: {
          roles: Object.fromEntries(
            Object.entries(user.roles).map(([role, pairs]) => [
              role,
              pairs.map(([p, v]) => [p, v] as [string, string]),
            ]),
          ),
          permissions: {
            database_access: grants('database_access'),
            datasource_access: grants('datasource_access'),
          },
        },
      };
    },
  );

  // ---- administration ----------------------------------------------------------------------
  const list = <T>(result: T[], title: string, columns: string[]) =>
    listEnvelope(
      { count: result.length, ids: result.map((item) => (item as { id: number }).id), result },
      { title, listColumns: columns, orderColumns: columns, label: labelOf },
    );

  r.get('/api/v1/security/users/', { schema: { tags: ['Security Users'] } }, async (request) => {
    requirePermission(request, 'can_read', 'User');
    return list(await service.listUsers(), 'List Users', [
      'username',
      'first_name',
      'last_name',
      'email',
      'active',
      'roles',
      'last_login',
    ]);
  });
  r.get(
    '/api/v1/security/users/:pk',
    { schema: { tags: ['Security Users'], params: IdParam } },
    async (request) => {
      requirePermission(request, 'can_read', 'User');
      return { id: request.params.pk, result: await service.getUser(request.params.pk) };
    },
  );
  r.post(
    '/api/v1/security/users/',
    {
      schema: {
        tags: ['Security Users'],
        body: UserCreate,
        response: { 201: z.object({ id: z.number(), result: User }) },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'can_write', 'User');
      const user = await service.createUser(request.body);
      return reply.status(201).send({ id: user.id, result: user });
    },
  );
  r.put(
    '/api/v1/security/users/:pk',
    { schema: { tags: ['Security Users'], params: IdParam, body: UserUpdate } },
    async (request) => {
      requirePermission(request, 'can_write', 'User');
      const user = await service.updateUser(request.params.pk, request.body, requireUser(request));
      return { id: user.id, result: user };
    },
  );
  r.delete(
    '/api/v1/security/users/:pk',
    { schema: { tags: ['Security Users'], params: IdParam } },
    async (request) => {
      requirePermission(request, 'can_write', 'User');
      await service.deleteUser(request.params.pk, requireUser(request));
      return { message: 'OK' };
    },
  );

  r.get('/api/v1/security/roles/', { schema: { tags: ['Security Roles'] } }, async (request) => {
    requirePermission(request, 'can_read', 'Role');
    return list(await service.listRoles(), 'List Roles', ['name', 'permissions', 'user_count']);
  });
  r.get(
    '/api/v1/security/roles/:pk',
    {
      schema: {
        tags: ['Security Roles'],
        params: IdParam,
        response: { 200: z.object({ id: z.number(), result: Role }) },
      },
    },
    async (request) => {
      requirePermission(request, 'can_read', 'Role');
      return { id: request.params.pk, result: await service.getRole(request.params.pk) };
    },
  );
  r.post(
    '/api/v1/security/roles/',
    { schema: { tags: ['Security Roles'], body: RoleInput } },
    async (request, reply) => {
      requirePermission(request, 'can_write', 'Role');
      const role = await service.createRole(request.body);
      return reply.status(201).send({ id: role.id, result: role });
    },
  );
  r.put(
    '/api/v1/security/roles/:pk',
    { schema: { tags: ['Security Roles'], params: IdParam, body: RoleInput.partial() } },
    async (request) => {
      requirePermission(request, 'can_write', 'Role');
      const role = await service.updateRole(request.params.pk, request.body);
      return { id: role.id, result: role };
    },
  );
  r.delete(
    '/api/v1/security/roles/:pk',
    { schema: { tags: ['Security Roles'], params: IdParam } },
    async (request) => {
      requirePermission(request, 'can_write', 'Role');
      await service.deleteRole(request.params.pk);
      return { message: 'OK' };
    },
  );
  r.get(
    '/api/v1/security/permissions/',
    { schema: { tags: ['Security Roles'] } },
    async (request) => {
      requirePermission(request, 'can_read', 'Role');
      return { result: await service.listPermissions() };
    },
  );
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
