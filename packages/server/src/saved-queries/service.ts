import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import {
  SAVED_QUERY_FILTERS,
  SAVED_QUERY_LIST_COLUMNS,
  SAVED_QUERY_ORDER_COLUMNS,
  type SavedQueryCreateBody,
  type SavedQueryItemAnswer,
  type SavedQueryListAnswer,
  type SavedQueryUpdateBody,
  type SavedQueryWriteAnswer,
} from '@tessera/shared/api/savedQueries';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { labelOf, listEnvelope } from '../platform/listing.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { capInput } from '../sqllab/limits.ts';
import { requireVisibleDatabase } from '../sqllab-state/access.ts';
import { toItem, toListRow, toWriteAnswer } from './present.ts';
import {
  type SavedQueryCondition,
  type SavedQueryOrder,
  type SavedQueryRecord,
  type SavedQueryWrite,
  savedQueryRepository,
  type TextOp,
} from './repository.ts';

/**
 * The rules of `/api/v1/saved_query/`: (`can_read`|`can_write`, `SavedQuery`), and a user sees
 * only the saved queries they created, admins included (Superset's SavedQueryFilter). Another
 * user's id answers 404 as if it did not exist.
 */

const VIEW = 'SavedQuery';

function reader(actor: Actor) {
  requirePermission(actor, 'can_read', VIEW);
  return requireUser(actor);
}

function writer(actor: Actor) {
  requirePermission(actor, 'can_write', VIEW);
  return requireUser(actor);
}

/** The SQL, names and parameters a saved query carries stay within SQL Lab's own caps. */
function capSavedQuery(body: SavedQueryUpdateBody): void {
  capInput({
    sql: ['sql', body.sql],
    names: [
      ['schema', body.schema],
      ['catalog', body.catalog],
    ],
    templateParams: ['template_parameters', body.template_parameters],
  });
}

async function ownRecord(ctx: AppContext, userId: number, id: number): Promise<SavedQueryRecord> {
  const row = await savedQueryRepository.get(ctx.store.db, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function getSavedQuery(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<z.infer<typeof SavedQueryItemAnswer>> {
  const user = reader(actor);
  return { id, result: toItem(await ownRecord(ctx, user.id, id)) };
}

export async function createSavedQuery(
  ctx: AppContext,
  actor: Actor,
  body: SavedQueryCreateBody,
): Promise<SavedQueryWriteAnswer> {
  const user = writer(actor);
  capSavedQuery(body);
  await requireVisibleDatabase(ctx, actor, body.db_id, 'db_id');
  const write: SavedQueryWrite = {
    label: body.label,
    db_id: body.db_id,
    catalog: body.catalog ?? null,
    schema: body.schema ?? null,
    sql: body.sql ?? '',
    description: body.description ?? '',
    template_parameters: body.template_parameters ?? null,
    extra_json: body.extra_json || '{}',
  };
  const id = await savedQueryRepository.insert(ctx.store.db, actor, user.id, write);
  return toWriteAnswer(await ownRecord(ctx, user.id, id));
}

export async function updateSavedQuery(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: SavedQueryUpdateBody,
): Promise<SavedQueryWriteAnswer> {
  const user = writer(actor);
  capSavedQuery(body);
  await ownRecord(ctx, user.id, id);
  if (body.db_id !== undefined) await requireVisibleDatabase(ctx, actor, body.db_id, 'db_id');
  const changes: Partial<SavedQueryWrite> = {};
  if (body.label !== undefined) changes.label = body.label;
  if (body.db_id !== undefined) changes.db_id = body.db_id;
  if (body.catalog !== undefined) changes.catalog = body.catalog;
  if (body.schema !== undefined) changes.schema = body.schema;
  if (body.sql !== undefined) changes.sql = body.sql ?? '';
  if (body.description !== undefined) changes.description = body.description ?? '';
  if (body.template_parameters !== undefined) {
    changes.template_parameters = body.template_parameters;
  }
  if (body.extra_json !== undefined) changes.extra_json = body.extra_json || '{}';
  await savedQueryRepository.update(ctx.store.db, actor, user.id, id, changes);
  return toWriteAnswer(await ownRecord(ctx, user.id, id));
}

export async function deleteSavedQuery(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const user = writer(actor);
  await ownRecord(ctx, user.id, id);
  await savedQueryRepository.delete(ctx.store.db, user.id, [id]);
  return { message: 'OK' };
}

/** Bulk delete: all or nothing; any id the user did not create answers 404. */
export async function deleteSavedQueries(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
): Promise<{ message: string }> {
  const user = writer(actor);
  const unique = [...new Set(ids)];
  const owned = await savedQueryRepository.ownedIds(ctx.store.db, user.id, unique);
  if (owned.length !== unique.length) throw notFound();
  await ctx.store.db
    .transaction()
    .execute((trx) => savedQueryRepository.delete(trx, user.id, unique));
  const n = unique.length;
  return { message: `Deleted ${n} saved quer${n === 1 ? 'y' : 'ies'}` };
}

export async function listSavedQueries(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<SavedQueryListAnswer> {
  const user = reader(actor);
  const order = (q.order_column ?? 'changed_on_delta_humanized') as SavedQueryOrder;
  if (!(SAVED_QUERY_ORDER_COLUMNS as readonly string[]).includes(order)) {
    throw badRequest(`Not a valid rison schema: order_column: ${order} is not allowed`);
  }
  const pageSize = q.page_size ?? 20;
  const { count, rows } = await savedQueryRepository.list(ctx.store.db, user.id, {
    filters: (q.filters ?? []).map(toCondition),
    order,
    direction: q.order_direction ?? 'desc',
    page: q.page ?? 0,
    pageSize,
  });
  const now = new Date();
  return listEnvelope(
    {
      count,
      ids: rows.map((r) => r.id),
      result: rows.map((row) => toListRow(toItem(row, now), q.columns)),
    },
    {
      title: 'List Saved Query',
      listColumns: SAVED_QUERY_LIST_COLUMNS,
      orderColumns: SAVED_QUERY_ORDER_COLUMNS,
      label: labelOf,
    },
    q.keys,
  );
}

/** Checks one rison filter against the allowed columns, operators and value types. */
function toCondition(filter: ListFilter): SavedQueryCondition {
  const ops = SAVED_QUERY_FILTERS[filter.col];
  if (!ops) throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  if (!ops.includes(filter.opr)) {
    throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  }
  if (filter.col === 'database' || filter.col === 'id') {
    const value = typeof filter.value === 'string' ? Number(filter.value) : filter.value;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be an id`);
    }
    const op = filter.opr === 'rel_o_m' ? 'eq' : (filter.opr as 'eq' | 'neq' | 'gt' | 'lt');
    return { column: filter.col === 'database' ? 'db_id' : 'id', op, value };
  }
  if (typeof filter.value !== 'string') {
    throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be a string`);
  }
  if (filter.opr === 'all_text') return { column: 'all_text', op: 'ct', value: filter.value };
  return {
    column: filter.col as 'label' | 'sql' | 'description' | 'schema' | 'catalog',
    op: filter.opr as TextOp,
    value: filter.value,
  };
}
