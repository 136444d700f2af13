import {
  AnnotationBody,
  AnnotationItemAnswer,
  AnnotationUpdateBody,
  LayerBody,
  LayerItemAnswer,
  LayerUpdateBody,
  ListAnswer,
  WriteAnswer,
} from '@tessera/shared/api/annotations';
import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
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

const QParam = z.object({ q: z.string().optional() });
const Ids = z.array(z.number().int());
const AnnotationParams = IdParam.extend({
  annotation_id: z.coerce.number().int().positive(),
});
const BASE = '/api/v1/annotation_layer';
const tags = ['Annotation Layers'];

/** `/api/v1/annotation_layer/` and `/api/v1/annotation_layer/{pk}/annotation/`. */
export function annotationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: ListAnswer } } },
      async (request) => listLayers(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );
    r.post(
      `${BASE}/`,
      { schema: { tags, body: LayerBody, response: { 201: WriteAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createLayer(ctx, request.actor, request.body)),
    );
    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) =>
        deleteLayers(ctx, request.actor, request.query.q ? parseQ(Ids, request.query.q) : [], true),
    );
    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: LayerItemAnswer } } },
      async (request) => getLayer(ctx, request.actor, request.params.pk),
    );
    r.put(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, body: LayerUpdateBody, response: { 200: WriteAnswer } } },
      async (request) => updateLayer(ctx, request.actor, request.params.pk, request.body),
    );
    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteLayers(ctx, request.actor, [request.params.pk], false),
    );

    r.get(
      `${BASE}/:pk/annotation/`,
      { schema: { tags, params: IdParam, querystring: QParam, response: { 200: ListAnswer } } },
      async (request) =>
        listAnnotations(ctx, request.actor, request.params.pk, parseQ(ListQuery, request.query.q)),
    );
    r.post(
      `${BASE}/:pk/annotation/`,
      { schema: { tags, params: IdParam, body: AnnotationBody, response: { 201: WriteAnswer } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createAnnotation(ctx, request.actor, request.params.pk, request.body)),
    );
    r.delete(
      `${BASE}/:pk/annotation/`,
      { schema: { tags, params: IdParam, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) =>
        deleteAnnotations(
          ctx,
          request.actor,
          request.params.pk,
          request.query.q ? parseQ(Ids, request.query.q) : [],
          true,
        ),
    );
    r.get(
      `${BASE}/:pk/annotation/:annotation_id`,
      { schema: { tags, params: AnnotationParams, response: { 200: AnnotationItemAnswer } } },
      async (request) =>
        getAnnotation(ctx, request.actor, request.params.pk, request.params.annotation_id),
    );
    r.put(
      `${BASE}/:pk/annotation/:annotation_id`,
      {
        schema: {
          tags,
          params: AnnotationParams,
          body: AnnotationUpdateBody,
          response: { 200: WriteAnswer },
        },
      },
      async (request) =>
        updateAnnotation(
          ctx,
          request.actor,
          request.params.pk,
          request.params.annotation_id,
          request.body,
        ),
    );
    r.delete(
      `${BASE}/:pk/annotation/:annotation_id`,
      { schema: { tags, params: AnnotationParams, response: { 200: MessageAnswer } } },
      async (request) =>
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
