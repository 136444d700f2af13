import { z } from 'zod';
import {
  AnnotationBody,
  AnnotationItemAnswer,
  AnnotationListAnswer,
  AnnotationUpdateBody,
  LayerBody,
  LayerItemAnswer,
  LayerListAnswer,
  LayerUpdateBody,
  WriteAnswer,
} from '../annotations.ts';
import { IdParam, ListQuery, MessageAnswer } from '../common.ts';
import { crudRoutes, route } from '../route.ts';

const BASE = '/api/v1/annotation_layer';
const Ids = z.array(z.number().int());
const AnnotationParams = IdParam.extend({ annotation_id: z.coerce.number().int().positive() });

/** `/api/v1/annotation_layer/` and the annotations of each layer. */
const layers = crudRoutes(BASE, {
  list: LayerListAnswer,
  item: LayerItemAnswer,
  create: LayerBody,
  update: LayerUpdateBody,
  written: WriteAnswer,
});

export const annotationRoutes = {
  listLayers: layers.list,
  createLayer: layers.create,
  deleteLayers: layers.bulkDelete,
  getLayer: layers.get,
  updateLayer: layers.update,
  deleteLayer: layers.delete,
  listAnnotations: route({
    method: 'GET',
    path: `${BASE}/:pk/annotation/`,
    params: IdParam,
    q: ListQuery,
    answer: AnnotationListAnswer,
  }),
  createAnnotation: route({
    method: 'POST',
    path: `${BASE}/:pk/annotation/`,
    params: IdParam,
    body: AnnotationBody,
    answer: WriteAnswer,
    status: 201,
  }),
  deleteAnnotations: route({
    method: 'DELETE',
    path: `${BASE}/:pk/annotation/`,
    params: IdParam,
    q: Ids,
    answer: MessageAnswer,
  }),
  getAnnotation: route({
    method: 'GET',
    path: `${BASE}/:pk/annotation/:annotation_id`,
    params: AnnotationParams,
    answer: AnnotationItemAnswer,
  }),
  updateAnnotation: route({
    method: 'PUT',
    path: `${BASE}/:pk/annotation/:annotation_id`,
    params: AnnotationParams,
    body: AnnotationUpdateBody,
    answer: WriteAnswer,
  }),
  deleteAnnotation: route({
    method: 'DELETE',
    path: `${BASE}/:pk/annotation/:annotation_id`,
    params: AnnotationParams,
    answer: MessageAnswer,
  }),
} as const;
