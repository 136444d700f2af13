import type { ListQuery } from '@tessera/shared/api/common';
import type {
  CssTemplateBody,
  CssTemplateItem,
  CssTemplateUpdateBody,
} from '@tessera/shared/api/dashboards';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { assertLengths, MAX_NAME, MAX_TEXT } from '../databases/limits.ts';
import { humanizeAge } from '../databases/present.ts';
import { compareBy, labelOf, listEnvelope, pageOf } from '../platform/listing.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { type CssTemplateRow, cssTemplateRepository } from './repository.ts';

/**
 * `/api/v1/css_template/`: (`can_read` | `can_write`, `CssTemplate`). Templates are shared by
 * everyone who may read them, as in Superset.
 */

const VIEW = 'CssTemplate';
const LIST_COLUMNS = [
  'id',
  'uuid',
  'template_name',
  'css',
  'changed_on_delta_humanized',
  'created_by',
  'changed_by',
];
const ORDER = ['template_name', 'changed_on_delta_humanized', 'id'];
const FILTERS: Record<string, string[]> = { template_name: ['ct', 'eq', 'sw', 'ew'] };

async function present(ctx: AppContext, rows: CssTemplateRow[]): Promise<CssTemplateItem[]> {
  const people = await cssTemplateRepository.people(
    ctx.store.db,
    rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]).filter((x): x is number => x !== null),
  );
  const now = new Date();
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    template_name: r.template_name,
    css: r.css ?? '',
    changed_on_delta_humanized: humanizeAge(r.changed_on, now),
    created_by: r.created_by_fk === null ? null : (people.get(r.created_by_fk) ?? null),
    changed_by: r.changed_by_fk === null ? null : (people.get(r.changed_by_fk) ?? null),
  }));
}

async function existing(ctx: AppContext, id: number): Promise<CssTemplateRow> {
  const row = await cssTemplateRepository.get(ctx.store.db, id);
  if (!row) throw notFound();
  return row;
}

export async function listCssTemplates(ctx: AppContext, actor: Actor, q: ListQuery) {
  requirePermission(actor, 'can_read', VIEW);
  const order = q.order_column ?? 'template_name';
  if (!ORDER.includes(order)) {
    throw badRequest(`Not a valid rison schema: order_column: ${order} is not allowed`);
  }
  let items = await present(ctx, await cssTemplateRepository.list(ctx.store.db));
  for (const filter of q.filters ?? []) {
    if (!FILTERS[filter.col]?.includes(filter.opr)) {
      throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
    }
    const wanted = String(filter.value ?? '').toLowerCase();
    items = items.filter((i) => {
      const v = i.template_name.toLowerCase();
      if (filter.opr === 'eq') return i.template_name === filter.value;
      if (filter.opr === 'sw') return v.startsWith(wanted);
      if (filter.opr === 'ew') return v.endsWith(wanted);
      return v.includes(wanted);
    });
  }
  const rows = await cssTemplateRepository.list(ctx.store.db);
  const changed = new Map(rows.map((r) => [r.id, r.changed_on]));
  items.sort(
    compareBy(
      (i) =>
        order === 'template_name'
          ? i.template_name.toLowerCase()
          : order === 'id'
            ? i.id
            : changed.get(i.id),
      q.order_direction ?? 'asc',
    ),
  );
  const page = pageOf(items, q);
  return listEnvelope(
    { count: items.length, ids: page.map((i) => i.id), result: page },
    { title: 'List Css Template', listColumns: LIST_COLUMNS, orderColumns: ORDER, label: labelOf },
    q.keys,
  );
}

export async function getCssTemplate(ctx: AppContext, actor: Actor, id: number) {
  requirePermission(actor, 'can_read', VIEW);
  const [item] = await present(ctx, [await existing(ctx, id)]);
  return { id, result: item as CssTemplateItem };
}

function assertTemplateLengths(body: CssTemplateUpdateBody): void {
  assertLengths({ template_name: [body.template_name, MAX_NAME], css: [body.css, MAX_TEXT] });
}

export async function createCssTemplate(ctx: AppContext, actor: Actor, body: CssTemplateBody) {
  requirePermission(actor, 'can_write', VIEW);
  assertTemplateLengths(body);
  const write = { template_name: body.template_name, css: body.css ?? '' };
  const id = await cssTemplateRepository.insert(ctx.store.db, write, actor);
  return { id, result: write };
}

export async function updateCssTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CssTemplateUpdateBody,
) {
  requirePermission(actor, 'can_write', VIEW);
  assertTemplateLengths(body);
  await existing(ctx, id);
  const write: { template_name?: string; css?: string } = {};
  if (body.template_name !== undefined) write.template_name = body.template_name;
  if (body.css !== undefined) write.css = body.css ?? '';
  await cssTemplateRepository.update(ctx.store.db, id, write, actor);
  const row = await existing(ctx, id);
  return { id, result: { template_name: row.template_name, css: row.css ?? '' } };
}

export async function deleteCssTemplates(ctx: AppContext, actor: Actor, ids: number[]) {
  requirePermission(actor, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  for (const id of unique) await existing(ctx, id);
  await ctx.store.db.transaction().execute((trx) => cssTemplateRepository.delete(trx, unique));
  return { message: unique.length === 1 ? 'OK' : `Deleted ${unique.length} css templates` };
}
