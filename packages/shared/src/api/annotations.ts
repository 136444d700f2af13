import { z } from 'zod';
import { listAnswerSchema, projectedRow } from './common.ts';

/**
 * The contract of `/api/v1/annotation_layer/` and its annotations
 * (`/api/v1/annotation_layer/{pk}/annotation/`), as Superset answers them.
 */

export const LAYER_NAME_EXISTS_MESSAGE = 'Name must be unique';
export const LAYER_HAS_ANNOTATIONS_MESSAGE = 'Annotation layer has associated annotations.';
export const ANNOTATION_DATES_MESSAGE = 'End date must be after start date';
export const ANNOTATION_DESCR_EXISTS_MESSAGE = 'Short description must be unique for this layer';
export const INVALID_DATE_MESSAGE = 'Not a valid datetime.';

const ISO_DATETIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

export const DateTimeText = z
  .string()
  .trim()
  .refine((v) => ISO_DATETIME.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T'))), {
    message: INVALID_DATE_MESSAGE,
  });

/** JSON text holding an object, or empty. */
const jsonText = z.string().superRefine((text, ctx) => {
  if (text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'JSON not valid' });
  }
});

export const LayerBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Shorter than minimum length 1.')
    .max(250, 'Longer than maximum length 250.'),
  descr: z.string().nullable().optional(),
});
export type LayerBody = z.infer<typeof LayerBody>;
export const LayerUpdateBody = LayerBody.partial();
export type LayerUpdateBody = z.infer<typeof LayerUpdateBody>;

export const AnnotationBody = z.object({
  short_descr: z
    .string()
    .trim()
    .min(1, 'Shorter than minimum length 1.')
    .max(500, 'Longer than maximum length 500.'),
  long_descr: z.string().nullable().optional(),
  start_dttm: DateTimeText,
  end_dttm: DateTimeText,
  json_metadata: jsonText.nullable().optional(),
});
export type AnnotationBody = z.infer<typeof AnnotationBody>;
export const AnnotationUpdateBody = AnnotationBody.partial();
export type AnnotationUpdateBody = z.infer<typeof AnnotationUpdateBody>;

const UserRef = z
  .object({ id: z.number(), first_name: z.string(), last_name: z.string() })
  .nullable();

export const Layer = z.object({
  id: z.number(),
  name: z.string(),
  descr: z.string().nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  created_by: UserRef,
  changed_by: UserRef,
});
export type Layer = z.infer<typeof Layer>;

export const Annotation = z.object({
  id: z.number(),
  layer: z.object({ id: z.number(), name: z.string() }),
  short_descr: z.string().nullable(),
  long_descr: z.string().nullable(),
  start_dttm: z.string().nullable(),
  end_dttm: z.string().nullable(),
  json_metadata: z.string().nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  created_by: UserRef,
  changed_by: UserRef,
});
export type Annotation = z.infer<typeof Annotation>;

export const LayerItemAnswer = z.object({ id: z.number(), result: Layer });
export const AnnotationItemAnswer = z.object({ id: z.number(), result: Annotation });
export const WriteAnswer = z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) });

export const LAYER_ORDER_COLUMNS = [
  'name',
  'descr',
  'created_by.first_name',
  'changed_by.first_name',
  'changed_on',
  'changed_on_delta_humanized',
  'created_on',
  'id',
] as const;
export const ANNOTATION_ORDER_COLUMNS = [
  'short_descr',
  'created_by.first_name',
  'changed_by.first_name',
  'changed_on_delta_humanized',
  'changed_on',
  'start_dttm',
  'end_dttm',
  'id',
] as const;

export const LayerListAnswer = listAnswerSchema(projectedRow(Layer));
export type LayerListAnswer = z.infer<typeof LayerListAnswer>;
export const AnnotationListAnswer = listAnswerSchema(projectedRow(Annotation));
export type AnnotationListAnswer = z.infer<typeof AnnotationListAnswer>;
/** Either list: the type of the server's one list builder (annotations/service.ts) for both. */
export const ListAnswer = z.union([LayerListAnswer, AnnotationListAnswer]);
export type ListAnswerShape = z.infer<typeof ListAnswer>;
