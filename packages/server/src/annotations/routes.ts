import { annotationRoutes as routes } from '@tessera/shared/api/routes/annotations';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
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
    const serve = describedRoutes(app, tags);

    serve(routes.listLayers, async (request) =>
      listLayers(ctx, request.actor, parseQ(routes.listLayers.q, request.query.q)),
    );
    serve(routes.createLayer, async (request) => createLayer(ctx, request.actor, request.body));
    serve(routes.deleteLayers, async (request) => {
      const ids = request.query.q ? parseQ(routes.deleteLayers.q, request.query.q) : [];
      return deleteLayers(ctx, request.actor, ids, true);
    });
    serve(routes.getLayer, async (request) => getLayer(ctx, request.actor, request.params.pk));
    serve(routes.updateLayer, async (request) =>
      updateLayer(ctx, request.actor, request.params.pk, request.body),
    );
    serve(routes.deleteLayer, async (request) =>
      deleteLayers(ctx, request.actor, [request.params.pk], false),
    );

    serve(routes.listAnnotations, async (request) =>
      listAnnotations(
        ctx,
        request.actor,
        request.params.pk,
        parseQ(routes.listAnnotations.q, request.query.q),
      ),
    );
    serve(routes.createAnnotation, async (request) =>
      createAnnotation(ctx, request.actor, request.params.pk, request.body),
    );
    serve(routes.deleteAnnotations, async (request) => {
      const ids = request.query.q ? parseQ(routes.deleteAnnotations.q, request.query.q) : [];
      return deleteAnnotations(ctx, request.actor, request.params.pk, ids, true);
    });
    serve(routes.getAnnotation, async (request) =>
      getAnnotation(ctx, request.actor, request.params.pk, request.params.annotation_id),
    );
    serve(routes.updateAnnotation, async (request) =>
      updateAnnotation(
        ctx,
        request.actor,
        request.params.pk,
        request.params.annotation_id,
        request.body,
      ),
    );
    serve(routes.deleteAnnotation, async (request) =>
      deleteAnnotations(
        ctx,
        request.actor,
        request.params.pk,
        [request.params.annotation_id],
        false,
      ),
    );
  };
}
