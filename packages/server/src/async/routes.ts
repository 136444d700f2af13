import websocket from '@fastify/websocket';
import {
  ASYNC_EVENTS_MAX,
  ASYNC_TOKEN_INVALID_MESSAGE,
  type AsyncEvent,
} from '@tessera/shared/api/async';
import { asyncRoutes as routes } from '@tessera/shared/api/routes/async';
import { TesseraError } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { idAfter } from './events.ts';
import { type AsyncRuntimeOptions, startAsyncRuntime } from './runtime.ts';
import { channelEvents, EVENTS_HOLD_MS } from './service.ts';

const tags = ['AsyncEventsRestApi'];

/** The request's channel from a valid `async-token` cookie, or 401 as Superset answers. */
function requireChannel(request: FastifyRequest): string {
  if (!request.asyncChannel) throw new TesseraError(401, ASYNC_TOKEN_INVALID_MESSAGE);
  return request.asyncChannel;
}

const lastIdOf = (raw: unknown) =>
  typeof raw === 'string' && /^\d{1,20}-\d{1,20}$/.test(raw) ? raw : null;

/**
 * `GET /api/v1/async_event/` and the websocket (on this server's port, at
 * TESSERA_GLOBAL_ASYNC_QUERIES_WEBSOCKET_PATH), registered only with GLOBAL_ASYNC_QUERIES on;
 * starts this process's side of the chart jobs (taking them when the queue is in-process or
 * TESSERA_WORKER_CONCURRENCY allows, sweeping always) and stops it on close.
 */
export function asyncFeature(
  ctx: AppContext,
  options: Partial<AsyncRuntimeOptions> = {},
): FastifyPluginAsync {
  return async (app) => {
    const parts = ctx.asyncQueries;
    if (!parts) return;
    const runtime = await startAsyncRuntime(ctx, {
      processJobs: parts.queue.kind === 'in-process' || ctx.config.workerConcurrency > 0,
      ...options,
    });
    app.addHook('onClose', async () => runtime.close());

    const serve = describedRoutes(app, tags);
    serve(routes.events, async (request) => ({
      result: await channelEvents(
        ctx,
        requireChannel(request),
        request.query.last_id ?? null,
        EVENTS_HOLD_MS,
      ),
    }));

    await app.register(websocket, { options: { maxPayload: 1024 } });
    app.get(
      ctx.config.globalAsync.websocketPath,
      {
        websocket: true,
        schema: { hide: true },
        // Refused before the upgrade: the browser sees the handshake fail.
        preValidation: async (request) => {
          requireChannel(request);
        },
      },
      (socket, request) => {
        const channel = requireChannel(request);
        let last = lastIdOf((request.query as { last_id?: unknown }).last_id);
        let replaying = true;
        const held: AsyncEvent[] = [];
        const send = (event: AsyncEvent) => {
          if (last !== null && !idAfter(event.id, last)) return;
          last = event.id;
          socket.send(JSON.stringify(event));
        };
        // Listen first, then replay: an event published in between is held, not lost.
        const unsubscribe = parts.events.subscribe((event) => {
          if (event.channel_id !== channel) return;
          if (replaying) held.push(event);
          else send(event);
        });
        socket.on('close', unsubscribe);
        socket.on('error', unsubscribe);
        void (async () => {
          try {
            for (;;) {
              const page = await parts.events.read(channel, last, ASYNC_EVENTS_MAX);
              for (const event of page) send(event);
              if (page.length < ASYNC_EVENTS_MAX) break;
            }
            replaying = false;
            for (const event of held.splice(0)) send(event);
          } catch (error) {
            ctx.logger.warn({ err: error }, 'async events replay failed');
            socket.close(1011, 'replay failed');
          }
        })();
      },
    );
  };
}
