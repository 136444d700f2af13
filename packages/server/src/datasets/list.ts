import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import {
  DATASET_LIST_COLUMNS,
  DATASET_ORDER_COLUMNS,
  type DatasetListAnswer,
  type DatasetListItem,
} from '@tessera/shared/api/datasets';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { labelOf, listEnvelope, pageOf } from '../platform/listing.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { canAccessDataset, READ_DATASET } from './access.ts';
import { type LoadedDataset, loadDatasets, parseJsonObject } from './model.ts';
import { pickFields, toItem, toListItem } from './present.ts';
import { datasetRepository } from './repository.ts';

/**
 * `GET /api/v1/dataset/` with Superset's rison `q`: search and filters (`table_name` ct/eq/sw/ew,
 * `owners` rel_m_m, `database` rel_o_m, `schema`, `catalog`, `sql` dataset_is_null_or_empty,
 * `id` dataset_is_certified, `created_by`/`changed_by` rel_o_m), order and paging. Only the
 * datasets the caller may read are listed.
 */

/** Every dataset the caller may read, loaded. */
export async function visibleDatasets(ctx: AppContext, actor: Actor): Promise<LoadedDataset[]> {
  const principal = principalOf(actor);
  const all = await loadDatasets(ctx.store, await datasetRepository.list(ctx.store.db));
  return all.filter((d) => canAccessDataset(principal, d, actor.user?.id));
}

type Entry = { dataset: LoadedDataset; item: DatasetListItem };

const asText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw badRequest('Not a valid rison schema: filters.value must be a string');
};

const asId = (value: unknown): number => {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : typeof value === 'object' && value !== null && 'value' in value
          ? Number((value as { value: unknown }).value)
          : Number.NaN;
  if (!Number.isInteger(id))
    throw badRequest('Not a valid rison schema: filters.value must be an id');
  return id;
};

const asBool = (value: unknown): boolean => {
  if (value === true || value === 'true' || value === 1 || value === '!t') return true;
  if (value === false || value === 'false' || value === 0 || value === '!f') return false;
  throw badRequest('Not a valid rison schema: filters.value must be a boolean');
};

function textPredicate(filter: ListFilter, read: (e: Entry) => string | null) {
  const needle = asText(filter.value);
  const lower = needle.toLowerCase();
  const ops: Record<string, (v: string) => boolean> = {
    ct: (v) => v.toLowerCase().includes(lower),
    eq: (v) => v === needle,
    neq: (v) => v !== needle,
    sw: (v) => v.toLowerCase().startsWith(lower),
    ew: (v) => v.toLowerCase().endsWith(lower),
  };
  const op = ops[filter.opr];
  if (!op) throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  return (e: Entry) => op(read(e) ?? '');
}

function relationPredicate(filter: ListFilter, ids: (e: Entry) => Array<number | null>) {
  if (
    filter.opr !== 'rel_o_m' &&
    filter.opr !== 'rel_m_m' &&
    filter.opr !== 'eq' &&
    filter.opr !== 'nrel_o_m'
  )
    throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  const wanted = asId(filter.value);
  const negate = filter.opr === 'nrel_o_m';
  return (e: Entry) => ids(e).includes(wanted) !== negate;
}

function filterPredicate(filter: ListFilter): (e: Entry) => boolean {
  switch (filter.col) {
    case 'table_name':
      return textPredicate(filter, (e) => e.item.table_name);
    case 'schema':
      return textPredicate(filter, (e) => e.item.schema);
    case 'catalog':
      return textPredicate(filter, (e) => e.item.catalog);
    case 'uuid':
      return textPredicate(filter, (e) => e.item.uuid);
    case 'database':
      return relationPredicate(filter, (e) => [e.dataset.database.id]);
    case 'owners':
      return relationPredicate(filter, (e) => e.dataset.ownerIds);
    case 'created_by':
      return relationPredicate(filter, (e) => [e.dataset.row.created_by_fk]);
    case 'changed_by':
      return relationPredicate(filter, (e) => [e.dataset.row.changed_by_fk]);
    case 'sql': {
      if (filter.opr !== 'dataset_is_null_or_empty')
        throw badRequest(`Filter operator: ${filter.opr} not allowed on sql`);
      const physical = asBool(filter.value);
      return (e) => (e.item.kind === 'physical') === physical;
    }
    case 'id': {
      if (filter.opr === 'dataset_is_certified') {
        const certified = asBool(filter.value);
        return (e) => Boolean(certificationOf(e.dataset)) === certified;
      }
      if (filter.opr === 'eq') {
        const id = asId(filter.value);
        return (e) => e.item.id === id;
      }
      throw badRequest(`Filter operator: ${filter.opr} not allowed on id`);
    }
    default:
      throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  }
}

function certificationOf(dataset: LoadedDataset): unknown {
  const certification = parseJsonObject(dataset.row.extra).certification as
    | { certified_by?: unknown }
    | undefined;
  return certification?.certified_by || null;
}

function sortValue(entry: Entry, column: string): string | number {
  const { item } = entry;
  switch (column) {
    case 'changed_on_delta_humanized':
    case 'changed_on':
      return item.changed_on;
    case 'changed_by.first_name':
      return item.changed_by?.first_name ?? '';
    case 'database.database_name':
      return item.database.database_name;
    case 'id':
      return item.id;
    default: {
      const value = (item as unknown as Record<string, unknown>)[column];
      return typeof value === 'string' || typeof value === 'number' ? value : '';
    }
  }
}

export async function listDatasets(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<DatasetListAnswer> {
  requirePermission(actor, ...READ_DATASET);
  let entries: Entry[] = (await visibleDatasets(ctx, actor)).map((dataset) => ({
    dataset,
    item: toListItem(dataset),
  }));
  for (const filter of q.filters ?? []) entries = entries.filter(filterPredicate(filter));
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!(DATASET_ORDER_COLUMNS as readonly string[]).includes(column))
    throw badRequest(`Invalid order column: ${column}`);
  const sign = (q.order_direction ?? 'desc') === 'asc' ? 1 : -1;
  entries.sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    const cmp =
      typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * sign || a.item.id - b.item.id;
  });
  const pageEntries = pageOf(entries, q);
  const columns = q.columns ?? q.select_columns;
  return listEnvelope(
    {
      count: entries.length,
      ids: pageEntries.map((e) => e.item.id),
      result: pageEntries.map((e) =>
        columns
          ? pickFields({ ...toItem(e.dataset), ...e.item } as Record<string, unknown>, columns)
          : (e.item as unknown as Record<string, unknown>),
      ),
    },
    {
      title: 'List Sqla Table',
      listColumns: DATASET_LIST_COLUMNS,
      orderColumns: DATASET_ORDER_COLUMNS,
      label: labelOf,
    },
    q.keys,
  );
}

/** `GET /distinct/{column}`: the distinct schemas (or catalogs) of the datasets one may read. */
export async function distinctValues(
  ctx: AppContext,
  actor: Actor,
  column: string,
): Promise<{ count: number; result: Array<{ text: string; value: string }> }> {
  requirePermission(actor, ...READ_DATASET);
  if (column !== 'schema' && column !== 'catalog') throw notFound();
  const values = new Set<string>();
  for (const dataset of await visibleDatasets(ctx, actor)) {
    const value = dataset.row[column];
    if (value) values.add(value);
  }
  const sorted = [...values].sort();
  return { count: sorted.length, result: sorted.map((v) => ({ text: v, value: v })) };
}
