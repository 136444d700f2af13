import {
  ANNOTATION_DATES_MESSAGE,
  ANNOTATION_DESCR_EXISTS_MESSAGE,
  ANNOTATION_ORDER_COLUMNS,
  type Annotation,
  type AnnotationBody,
  type AnnotationUpdateBody,
  LAYER_HAS_ANNOTATIONS_MESSAGE,
  LAYER_NAME_EXISTS_MESSAGE,
  LAYER_ORDER_COLUMNS,
  type Layer,
  type LayerBody,
  type LayerUpdateBody,
  type ListAnswerShape,
} from '@tessera/shared/api/annotations';
import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import { badRequest, notFound, TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { assertLengths, MAX_TEXT } from '../databases/limits.ts';
import { humanizeAge } from '../databases/present.ts';
import { databaseRepository } from '../databases/repository.ts';
import { compareBy, listEnvelope, pageOf } from '../platform/listing.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import {
  type AnnotationRow,
  type AnnotationWrite,
  annotationRepository,
  type LayerRow,
} from './repository.ts';

/**
 * Annotation layers and their annotations: ('can_read'|'can_write', 'Annotation'), as Superset's
 * AnnotationLayerRestApi and AnnotationRestApi. Dates are stored as naive ISO text.
 */

const READ: [string, string] = ['can_read', 'Annotation'];
const WRITE: [string, string] = ['can_write', 'Annotation'];

const invalid = (field: string, message: string) =>
  new TesseraError(422, 'Invalid input', { fields: { [field]: [message] } });

/** `2024-01-02`, `2024-01-02 03:04`, `...Z` or with an offset: naive UTC `YYYY-MM-DDTHH:MM:SS`. */
export function normalizeDateTime(text: string): string {
  const value = text.trim().replace(' ', 'T');
  if (/Z$|[+-]\d{2}:?\d{2}$/.test(value)) return new Date(value).toISOString().slice(0, 19);
  const [date, time = '00:00:00'] = value.split('T') as [string, string?];
  const [h = '00', m = '00', s = '00'] = time.split(':');
  return `${date}T${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.slice(0, 2).padStart(2, '0')}`;
}

type UserNames = Map<number, { first_name: string; last_name: string }>;

const userRef = (users: UserNames, id: number | null) => {
  const user = id === null ? undefined : users.get(id);
  return user && id !== null
    ? { id, first_name: user.first_name, last_name: user.last_name }
    : null;
};

async function usersOf(
  ctx: AppContext,
  rows: Array<{ created_by_fk: number | null; changed_by_fk: number | null }>,
) {
  return databaseRepository.userNames(
    ctx.store.db,
    rows
      .flatMap((r) => [r.created_by_fk, r.changed_by_fk])
      .filter((id): id is number => id !== null),
  );
}

function toLayer(row: LayerRow, users: UserNames): Layer {
  return {
    id: row.id,
    name: row.name,
    descr: row.descr,
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeAge(row.changed_on),
    created_by: userRef(users, row.created_by_fk),
    changed_by: userRef(users, row.changed_by_fk),
  };
}

function toAnnotation(row: AnnotationRow, layer: LayerRow, users: UserNames): Annotation {
  return {
    id: row.id,
    layer: { id: layer.id, name: layer.name },
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    json_metadata: row.json_metadata,
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeAge(row.changed_on),
    created_by: userRef(users, row.created_by_fk),
    changed_by: userRef(users, row.changed_by_fk),
  };
}

/** Filters, order and paging over rows already in memory (layers and annotations are few). */
function listOf<T extends { id: number }>(
  items: T[],
  q: ListQuery,
  options: {
    textColumns: string[];
    orderColumns: readonly string[];
    defaultOrder: string;
    title: string;
    listColumns: string[];
  },
): ListAnswerShape {
  const read = (item: T, column: string): unknown => {
    if (column === 'changed_on_delta_humanized')
      return (item as Record<string, unknown>).changed_on;
    const [top, child] = column.split('.') as [string, string?];
    const value = (item as Record<string, unknown>)[top];
    return child && value && typeof value === 'object'
      ? (value as Record<string, unknown>)[child]
      : value;
  };
  let rows = items;
  for (const filter of q.filters ?? [])
    rows = rows.filter(textFilter(filter, options.textColumns, read));
  const column = q.order_column ?? options.defaultOrder;
  if (!options.orderColumns.includes(column)) throw badRequest(`Invalid order column: ${column}`);
  rows = [...rows].sort(compareBy((item) => read(item, column), q.order_direction ?? 'desc'));
  const shown = pageOf(rows, q);
  return listEnvelope(
    {
      count: rows.length,
      ids: shown.map((r) => r.id),
      result: shown as unknown as Array<Record<string, unknown>>,
    },
    {
      title: options.title,
      listColumns: options.listColumns,
      orderColumns: options.orderColumns,
    },
  );
}

function textFilter<T>(
  filter: ListFilter,
  columns: string[],
  read: (item: T, column: string) => unknown,
): (item: T) => boolean {
  if (!columns.includes(filter.col))
    throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  if (filter.col.endsWith('_by')) {
    if (filter.opr !== 'rel_o_m')
      throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
    const id = Number(filter.value);
    return (item) => (read(item, `${filter.col}.id`) as number | undefined) === id;
  }
  if (typeof filter.value !== 'string')
    throw badRequest('Not a valid rison schema: filters.value must be a string');
  const needle = filter.value.toLowerCase();
  const ops: Record<string, (v: string) => boolean> = {
    ct: (v) => v.toLowerCase().includes(needle),
    eq: (v) => v === filter.value,
    sw: (v) => v.toLowerCase().startsWith(needle),
  };
  const op = ops[filter.opr];
  if (!op) throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  return (item) => op(String(read(item, filter.col) ?? ''));
}

async function existingLayer(ctx: AppContext, id: number): Promise<LayerRow> {
  const layer = await annotationRepository.layer(ctx.store.db, id);
  if (!layer) throw notFound();
  return layer;
}

export async function listLayers(ctx: AppContext, actor: Actor, q: ListQuery) {
  requirePermission(actor, ...READ);
  const rows = await annotationRepository.layers(ctx.store.db);
  const users = await usersOf(ctx, rows);
  return listOf(
    rows.map((r) => toLayer(r, users)),
    q,
    {
      textColumns: ['name', 'descr', 'created_by', 'changed_by'],
      orderColumns: LAYER_ORDER_COLUMNS,
      defaultOrder: 'changed_on_delta_humanized',
      title: 'List Annotation Layer',
      listColumns: [
        'id',
        'name',
        'descr',
        'created_on',
        'changed_on',
        'changed_on_delta_humanized',
        'created_by.first_name',
        'created_by.last_name',
        'changed_by.first_name',
        'changed_by.last_name',
      ],
    },
  );
}

export async function getLayer(ctx: AppContext, actor: Actor, id: number) {
  requirePermission(actor, ...READ);
  const layer = await existingLayer(ctx, id);
  return { id, result: toLayer(layer, await usersOf(ctx, [layer])) };
}

export async function createLayer(ctx: AppContext, actor: Actor, body: LayerBody) {
  requirePermission(actor, ...WRITE);
  assertLengths({ descr: [body.descr, MAX_TEXT] });
  if (await annotationRepository.layerByName(ctx.store.db, body.name))
    throw invalid('name', LAYER_NAME_EXISTS_MESSAGE);
  const id = await annotationRepository.insertLayer(
    ctx.store.db,
    { name: body.name, descr: body.descr ?? null },
    actor,
  );
  return { id, result: { ...body } };
}

export async function updateLayer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: LayerUpdateBody,
) {
  requirePermission(actor, ...WRITE);
  assertLengths({ descr: [body.descr, MAX_TEXT] });
  await existingLayer(ctx, id);
  if (body.name !== undefined) {
    const other = await annotationRepository.layerByName(ctx.store.db, body.name);
    if (other && other.id !== id) throw invalid('name', LAYER_NAME_EXISTS_MESSAGE);
  }
  const write: { name?: string; descr?: string | null } = {};
  if (body.name !== undefined) write.name = body.name;
  if (body.descr !== undefined) write.descr = body.descr ?? null;
  await annotationRepository.updateLayer(ctx.store.db, id, write, actor);
  return { id, result: { ...body } };
}

/** Deletes layers; one holding annotations is refused (422), as Superset does. */
export async function deleteLayers(ctx: AppContext, actor: Actor, ids: number[], bulk: boolean) {
  requirePermission(actor, ...WRITE);
  const unique = [...new Set(ids)];
  for (const id of unique) await existingLayer(ctx, id);
  if ((await annotationRepository.countAnnotations(ctx.store.db, unique)) > 0)
    throw new TesseraError(422, LAYER_HAS_ANNOTATIONS_MESSAGE);
  await annotationRepository.deleteLayers(ctx.store.db, unique);
  if (!bulk) return { message: 'OK' };
  const n = unique.length;
  return { message: n === 1 ? 'Deleted 1 annotation layer' : `Deleted ${n} annotation layers` };
}

export async function listAnnotations(
  ctx: AppContext,
  actor: Actor,
  layerId: number,
  q: ListQuery,
) {
  requirePermission(actor, ...READ);
  const layer = await existingLayer(ctx, layerId);
  const rows = await annotationRepository.annotations(ctx.store.db, layerId);
  const users = await usersOf(ctx, rows);
  return listOf(
    rows.map((r) => toAnnotation(r, layer, users)),
    q,
    {
      textColumns: ['short_descr', 'long_descr', 'created_by', 'changed_by'],
      orderColumns: ANNOTATION_ORDER_COLUMNS,
      defaultOrder: 'changed_on_delta_humanized',
      title: 'List Annotation',
      listColumns: [
        'id',
        'short_descr',
        'long_descr',
        'start_dttm',
        'end_dttm',
        'json_metadata',
        'changed_on_delta_humanized',
        'created_by.id',
        'created_by.first_name',
        'changed_by.id',
        'changed_by.first_name',
      ],
    },
  );
}

export async function getAnnotation(ctx: AppContext, actor: Actor, layerId: number, id: number) {
  requirePermission(actor, ...READ);
  const layer = await existingLayer(ctx, layerId);
  const row = await annotationRepository.annotation(ctx.store.db, layerId, id);
  if (!row) throw notFound();
  return { id, result: toAnnotation(row, layer, await usersOf(ctx, [row])) };
}

async function checkAnnotation(
  ctx: AppContext,
  layerId: number,
  write: AnnotationWrite,
  exceptId?: number,
): Promise<void> {
  if (write.end_dttm < write.start_dttm) throw invalid('start_dttm', ANNOTATION_DATES_MESSAGE);
  const twins = await annotationRepository.annotations(ctx.store.db, layerId);
  if (twins.some((a) => a.id !== exceptId && a.short_descr === write.short_descr))
    throw invalid('short_descr', ANNOTATION_DESCR_EXISTS_MESSAGE);
}

function assertAnnotationLengths(body: AnnotationUpdateBody): void {
  assertLengths({
    long_descr: [body.long_descr, MAX_TEXT],
    json_metadata: [body.json_metadata, MAX_TEXT],
  });
}

export async function createAnnotation(
  ctx: AppContext,
  actor: Actor,
  layerId: number,
  body: AnnotationBody,
) {
  requirePermission(actor, ...WRITE);
  assertAnnotationLengths(body);
  await existingLayer(ctx, layerId);
  const write: AnnotationWrite = {
    short_descr: body.short_descr,
    long_descr: body.long_descr ?? null,
    start_dttm: normalizeDateTime(body.start_dttm),
    end_dttm: normalizeDateTime(body.end_dttm),
    json_metadata: body.json_metadata ?? null,
  };
  await checkAnnotation(ctx, layerId, write);
  const id = await annotationRepository.insertAnnotation(ctx.store.db, layerId, write, actor);
  return { id, result: { ...body, layer: layerId } };
}

export async function updateAnnotation(
  ctx: AppContext,
  actor: Actor,
  layerId: number,
  id: number,
  body: AnnotationUpdateBody,
) {
  requirePermission(actor, ...WRITE);
  assertAnnotationLengths(body);
  await existingLayer(ctx, layerId);
  const row = await annotationRepository.annotation(ctx.store.db, layerId, id);
  if (!row) throw notFound();
  const merged: AnnotationWrite = {
    short_descr: body.short_descr ?? row.short_descr ?? '',
    long_descr: body.long_descr === undefined ? row.long_descr : body.long_descr,
    start_dttm: body.start_dttm ? normalizeDateTime(body.start_dttm) : (row.start_dttm ?? ''),
    end_dttm: body.end_dttm ? normalizeDateTime(body.end_dttm) : (row.end_dttm ?? ''),
    json_metadata: body.json_metadata === undefined ? row.json_metadata : body.json_metadata,
  };
  await checkAnnotation(ctx, layerId, merged, id);
  await annotationRepository.updateAnnotation(ctx.store.db, id, merged, actor);
  return { id, result: { ...body } };
}

export async function deleteAnnotations(
  ctx: AppContext,
  actor: Actor,
  layerId: number,
  ids: number[],
  bulk: boolean,
) {
  requirePermission(actor, ...WRITE);
  await existingLayer(ctx, layerId);
  const unique = [...new Set(ids)];
  for (const id of unique)
    if (!(await annotationRepository.annotation(ctx.store.db, layerId, id))) throw notFound();
  await annotationRepository.deleteAnnotations(ctx.store.db, layerId, unique);
  if (!bulk) return { message: 'OK' };
  const n = unique.length;
  return { message: n === 1 ? 'Deleted 1 annotation' : `Deleted ${n} annotations` };
}

/**
 * Annotations of a native layer overlapping [from, to) (either bound may be null), for the
 * query engine's `annotation_data`. No permission check: the caller checked chart access.
 */
export async function annotationsInRange(
  ctx: Pick<AppContext, 'store'>,
  layerId: number,
  range: { from: string | null; to: string | null },
): Promise<AnnotationRow[]> {
  const rows = await annotationRepository.annotations(ctx.store.db, layerId);
  const from = range.from ? normalizeDateTime(range.from) : null;
  const to = range.to ? normalizeDateTime(range.to) : null;
  return rows.filter(
    (r) => (!to || (r.start_dttm ?? '') < to) && (!from || (r.end_dttm ?? '') >= from),
  );
}
