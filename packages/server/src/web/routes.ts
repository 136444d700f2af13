import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { BootstrapData } from '@tessera/shared/api/bootstrap';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { embeddedPage } from '../embedded/service.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { bootstrapData } from './bootstrap.ts';
import { applyEmbeddedPageHeaders } from './embeddedPage.ts';
import { injectBootstrap } from './indexHtml.ts';
import { isLoginPage, isPageRoute, LOGIN_PATH, safeNextPath } from './pages.ts';

/** Where `vite build` writes the client (packages/web/dist), unless the config says otherwise. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Built assets are served under this prefix; vite.config.ts uses `/static/` as its base. */
export const STATIC_PREFIX = '/static/';

/** Vite names hashed files `name-<hash>.ext` under assets/, so they never change in place. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+$/;

export const NOT_BUILT_MESSAGE =
  'The Tessera web client is not built. Run `npm run build` (or `npm start`), then restart the server.';

function applyStaticCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header(
    'cache-control',
    HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  );
}

/**
 * Serves the built web client: hashed assets with long cache lifetimes, and every page route as
 * index.html carrying the bootstrap payload. Anonymous visitors are sent to the login page.
 */
const PostedSqlLabForm = z.object({ form_data: z.string().optional() }).passthrough();
const RequestedQuery = z.object({
  datasourceKey: z.string().max(200).optional(),
  sql: z.string().max(1_000_000).optional(),
});

export function webRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const dist = ctx.config.webDist ?? DEFAULT_WEB_DIST;
    const indexFile = path.join(dist, 'index.html');
    const built = existsSync(indexFile);
    // Read once: the file only changes with a new build, which comes with a restart.
    const indexHtml = built ? readFileSync(indexFile, 'utf8') : null;
    if (!built) ctx.logger.warn({ dist }, NOT_BUILT_MESSAGE);

    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: STATIC_PREFIX,
        index: false,
        cacheControl: false,
        // index.html is only ever answered with its bootstrap, never as a raw file.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (reply, filePath) => applyStaticCacheHeaders(reply, filePath),
      });
    }

    const bootstrap = describedRoute(securityRoutes.bootstrap, ['Security']);
    app.route({
      ...bootstrap,
      schema: {
        ...bootstrap.schema,
        summary: 'Bootstrap data of the web client: the current user, feature flags, settings',
      },
      handler: async (request) => bootstrapData(ctx.config, request.actor),
    });

    const servePage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      requestedQuery?: BootstrapData['requested_query'],
    ) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (!isPageRoute(pathname)) return reply.status(404).send({ message: 'Not found' });
      const user = request.actor.user;
      if (isLoginPage(pathname)) {
        if (user) {
          const next = new URL(request.url, 'http://local').searchParams.get('next');
          return reply.redirect(safeNextPath(next), 302);
        }
      } else if (!user) {
        return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(request.url)}`, 302);
      }
      if (!indexHtml) {
        return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
      }
      return reply
        .header('cache-control', 'no-cache, no-store, must-revalidate')
        .type('text/html; charset=utf-8')
        .send(
          injectBootstrap(indexHtml, {
            ...bootstrapData(ctx.config, request.actor),
            ...(requestedQuery ? { requested_query: requestedQuery } : {}),
          }),
        );
    };

    // The embedded dashboard: no login (the host hands it a guest token over postMessage), framed
    // only by the embedding's allowed domains; an unknown uuid, or the flag off, is a 404.
    app.get<{ Params: { uuid: string } }>(
      '/embedded/:uuid',
      { schema: { hide: true } },
      async (request, reply) => {
        const page = await embeddedPage(ctx, request.params.uuid);
        if (!indexHtml) {
          return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
        }
        applyEmbeddedPageHeaders(reply, page.framers);
        const data = bootstrapData(ctx.config, request.actor);
        const embedded = { dashboard_id: String(page.dashboardId) };
        return reply
          .header('cache-control', 'no-cache, no-store, must-revalidate')
          .type('text/html; charset=utf-8')
          .send(injectBootstrap(indexHtml, { ...data, user: null, embedded }));
      },
    );
    app.get('/', { schema: { hide: true } }, (request, reply) => servePage(request, reply));
    app.get('/*', { schema: { hide: true } }, (request, reply) => servePage(request, reply));

    // A chart's "Edit in SQL Lab" posts a form whose `form_data` holds {datasourceKey, sql}
    // (with `csrf_token` as a field, since a form cannot send headers), as Superset's does.
    const postedQuery = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = PostedSqlLabForm.safeParse(request.body ?? {});
      if (!body.success) throw badRequest('form_data must be JSON text');
      let requested: unknown = {};
      try {
        requested = body.data.form_data ? JSON.parse(body.data.form_data) : {};
      } catch {
        throw badRequest('form_data is not valid JSON');
      }
      const parsed = RequestedQuery.safeParse(requested);
      if (!parsed.success)
        throw badRequest('form_data must be an object with datasourceKey and sql');
      return servePage(request, reply, parsed.data);
    };
    app.post('/sqllab/', { schema: { hide: true } }, postedQuery);
    app.post('/superset/sqllab/', { schema: { hide: true } }, postedQuery);
  };
}
