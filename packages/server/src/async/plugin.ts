import { ASYNC_TOKEN_COOKIE } from '@tessera/shared/api/async';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AsyncTokens } from './channel.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The channel of a valid `async-token` cookie the request came with; null otherwise. */
    asyncChannel: string | null;
    /** The channel of a cookie set by this answer (none came, or it was not valid). */
    asyncChannelIssued: string | null;
  }
}

/** The channel of a request's valid cookie, made for the caller (`sub`); null otherwise. */
export async function channelOfRequest(
  tokens: AsyncTokens,
  request: FastifyRequest,
): Promise<string | null> {
  const token = request.cookies?.[ASYNC_TOKEN_COOKIE];
  if (!token) return null;
  const claims = await tokens.verify(token);
  const userId = request.actor?.user?.id;
  if (!claims || userId === undefined || claims.sub !== String(userId)) return null;
  return claims.channel;
}

/** Installed on the root with the flag on, after authentication: every signed-in request. */
export function installAsyncChannels(app: FastifyInstance, ctx: AppContext): AsyncTokens | null {
  app.decorateRequest('asyncChannel', null);
  app.decorateRequest('asyncChannelIssued', null);
  if (!ctx.asyncQueries) return null;
  const tokens = new AsyncTokens(ctx.config.secretKey);
  app.addHook('onRequest', async (request, reply) => {
    const user = request.actor?.user;
    if (request.actor?.kind !== 'user' || !user) return;
    request.asyncChannel = await channelOfRequest(tokens, request);
    if (request.asyncChannel) return;
    const channel = tokens.channelFor(request.sessionId);
    request.asyncChannelIssued = channel;
    reply.setCookie(ASYNC_TOKEN_COOKIE, await tokens.sign(channel, user.id), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
  });
  return tokens;
}
