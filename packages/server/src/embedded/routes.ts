import { embeddedRoutes as routes } from '@tessera/shared/api/routes/embedded';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { GuestTokens } from '../security/guestToken.ts';
import { grantGuestToken } from './guestTokens.ts';
import { deleteEmbedded, getEmbedded, getEmbeddedByUuid, setEmbedded } from './service.ts';

/** Embedded dashboards and guest tokens: thin handlers; rules live in service.ts and guestTokens.ts. */
export function embeddedRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const tokens = new GuestTokens(ctx);
    const serve = describedRoutes(app, ['Dashboards']);
    serve(routes.get, async (request) =>
      getEmbedded(ctx, request.actor, request.params.id_or_slug),
    );
    for (const spec of [routes.create, routes.update]) {
      serve(spec, async (request) =>
        setEmbedded(ctx, request.actor, request.params.id_or_slug, request.body),
      );
    }
    serve(routes.delete, async (request) =>
      deleteEmbedded(ctx, request.actor, request.params.id_or_slug),
    );
    describedRoutes(app, ['Embedded Dashboard'])(routes.byUuid, async (request) =>
      getEmbeddedByUuid(ctx, request.actor, request.params.uuid),
    );
    describedRoutes(app, ['Security'])(routes.guestToken, async (request) =>
      grantGuestToken(ctx, request.actor, request.body, tokens),
    );
  };
}
