import { annotationRoutes as routes } from '@tessera/shared/api/routes/annotations';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import {
  createAnnotation,
  createLayer,
  deleteAnnotations,
  deleteLayers,
  getAnnotation,
  getLayer,
  listAnnotations,
  listLayers,
  updateAnnotation,
  updateLayer,
} from './service.ts';

const tags = ['Annotation Layers'];

/** `/api/v1/annotation_layer/` and `/api/v1/annotation_layer/{pk}/annotation/`. */
export function annotationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.listLayers, tags),
      handler: async (request) =>
        listLayers(ctx, request.actor, parseQ(routes.listLayers.q, request.query.q)),
    });
    r.route({
      ...describedRoute(routes.createLayer, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await createLayer(ctx, request.actor, request.body)),
    });
    r.route({
      ...describedRoute(routes.deleteLayers, tags),
      handler: async (request) => {
        const ids = request.query.q ? parseQ(routes.deleteLayers.q, request.query.q) : [];
        return deleteLayers(ctx, request.actor, ids, true);
      },
    });
    r.route({
      ...describedRoute(routes.getLayer, tags),
      handler: async (request) => getLayer(ctx, request.actor, request.params.pk),
    });
    r.route({
      ...describedRoute(routes.updateLayer, tags),
      handler: async (request) => updateLayer(ctx, request.actor, request.params.pk, request.body),
    });
    r.route({
      ...describedRoute(routes.deleteLayer, tags),
      handler: async (request) => deleteLayers(ctx, request.actor, [request.params.pk], false),
    });

    r.route({
      ...describedRoute(routes.listAnnotations, tags),
      handler: async (request) =>
        listAnnotations(
          ctx,
          request.actor,
          request.params.pk,
          parseQ(routes.listAnnotations.q, request.query.q),
        ),
    });
    r.route({
      ...describedRoute(routes.createAnnotation, tags),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createAnnotation(ctx, request.actor, request.params.pk, request.body)),
    });
    r.route({
      ...describedRoute(routes.deleteAnnotations, tags),
      handler: async (request) => {
        const ids = request.query.q ? parseQ(routes.deleteAnnotations.q, request.query.q) : [];
        return deleteAnnotations(ctx, request.actor, request.params.pk, ids, true);
      },
    });
    r.route({
      ...describedRoute(routes.getAnnotation, tags),
      handler: async (request) =>
        getAnnotation(ctx, request.actor, request.params.pk, request.params.annotation_id),
    });
    r.route({
      ...describedRoute(routes.updateAnnotation, tags),
      handler: async (request) =>
        updateAnnotation(
          ctx,
          request.actor,
          request.params.pk,
          request.params.annotation_id,
          request.body,
        ),
    });
    r.route({
      ...describedRoute(routes.deleteAnnotation, tags),
      handler: async (request) =>
        deleteAnnotations(
          ctx,
          request.actor,
          request.params.pk,
          [request.params.annotation_id],
          false,
        ),
    });
  };
}
