import multipart from '@fastify/multipart';
import { sqllabStateRoutes as routes, sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute, describedRoutes } from '../platform/describedRoute.ts';
import { bootstrapSqllab } from './bootstrap.ts';
import { prepareExport } from './export.ts';
import { csvStream, xlsxStream } from './exportFormats.ts';
import { readFields } from './forms.ts';
import {
  activateTab,
  createTab,
  deleteTab,
  deleteTabQuery,
  getTab,
  migrateQuery,
  updateTab,
} from './service.ts';
import { addTableSchema, deleteTableSchema, setTableSchemaExpanded } from './tableSchemas.ts';

const tags = ['SQL Lab state'];
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Superset answers `"OK"` as a JSON string; a bare string would otherwise go out as text. */
function sendOk(reply: FastifyReply) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify('OK'));
}

/**
 * `/tabstateview/`, `/tableschemaview/` and `GET /api/v1/sqllab/`: thin handlers; rules live in
 * service.ts, tableSchemas.ts and bootstrap.ts. Bodies are form fields holding JSON text
 * (multipart, as Superset's client posts them, or urlencoded) or a JSON body (forms.ts).
 */
export function sqllabStateRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Multipart parsing is registered here only, so it applies to these routes alone.
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 100, fieldSize: ctx.config.bodyLimit },
    });
    const serve = describedRoutes(app, tags);
    const r = app.withTypeProvider<ZodTypeProvider>();

    serve(sqllabRoutes.bootstrap, async (request) => ({
      result: await bootstrapSqllab(ctx, request.actor),
    }));

    r.route({
      ...describedRoute(sqllabRoutes.export, tags),
      // A HEAD would run the whole statement only to drop the body.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const format = request.query.format ?? 'csv';
        // A download abandoned half-way cancels the statement in the engine.
        const abandoned = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) abandoned.abort();
        });
        const source = await prepareExport(
          ctx,
          request.actor,
          request.params.client_id,
          format,
          abandoned.signal,
        );
        const body = format === 'xlsx' ? xlsxStream(source) : csvStream(source);
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', contentDisposition(source.filename))
          .header('cache-control', 'no-store')
          .send(body);
      },
    });

    serve(routes.createTab, async (request) =>
      createTab(ctx, request.actor, readFields(request.body, request.headers['content-type'])),
    );

    serve(routes.getTab, async (request) => getTab(ctx, request.actor, request.params.pk));

    serve(routes.updateTab, async (request) =>
      updateTab(
        ctx,
        request.actor,
        request.params.pk,
        readFields(request.body, request.headers['content-type']),
      ),
    );

    serve(routes.deleteTab, async (request, reply) => {
      await deleteTab(ctx, request.actor, request.params.pk);
      return sendOk(reply);
    });

    serve(routes.activateTab, async (request) =>
      activateTab(ctx, request.actor, request.params.pk),
    );

    serve(routes.migrateQuery, async (request) =>
      migrateQuery(
        ctx,
        request.actor,
        request.params.pk,
        readFields(request.body, request.headers['content-type']),
      ),
    );

    serve(routes.deleteTabQuery, async (request, reply) => {
      await deleteTabQuery(ctx, request.actor, request.params.pk, request.params.client_id);
      return sendOk(reply);
    });

    serve(routes.addTableSchema, async (request) =>
      addTableSchema(ctx, request.actor, readFields(request.body, request.headers['content-type'])),
    );

    serve(routes.setTableSchemaExpanded, async (request) =>
      setTableSchemaExpanded(
        ctx,
        request.actor,
        request.params.pk,
        readFields(request.body, request.headers['content-type']),
      ),
    );

    serve(routes.deleteTableSchema, async (request, reply) => {
      await deleteTableSchema(ctx, request.actor, request.params.pk);
      return sendOk(reply);
    });
  };
}
