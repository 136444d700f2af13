import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { installAuthentication } from './authentication.ts';
import { GuestTokens } from './guestToken.ts';
import { securityRoutes } from './routes.ts';
import { SecurityService } from './service.ts';
import { TokenIssuer } from './tokens.ts';

/**
 * Installs authentication on the root instance (every route sees `request.user`) and registers the
 * security routes. Called directly, not through `register`, so its hooks are not encapsulated.
 */
export async function installSecurity(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<SecurityService> {
  const service = new SecurityService(ctx);
  const tokens = new TokenIssuer(ctx.config.secretKey);
  installAuthentication(app, service, tokens, new GuestTokens(ctx));
  await app.register(async (scope) => securityRoutes(scope, ctx, service, tokens));
  return service;
}
