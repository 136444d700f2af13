import {
  CHART_FILTERS,
  CHART_LIST_COLUMNS,
  CHART_LIST_MAX_PAGE_SIZE,
  CHART_ORDER_COLUMNS,
  type ChartListAnswer,
  type ChartListRow,
  type ChartOrderColumn,
} from '@tessera/shared/api/charts';
import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import { badRequest } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { pickFields } from '../datasets/present.ts';
import { compareBy, labelOf, listEnvelope } from '../platform/listing.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { type ChartRecord, canSeeChart, loadCharts } from './model.ts';
import { toListRow } from './present.ts';
import { chartRepository } from './repository.ts';

/**
 * `GET /api/v1/chart/` with Superset's rison `q`. Only charts the caller may see are listed;
 * filtering, ordering and paging run over them (a chart list stays small enough for that, and
 * it keeps the SQLite and PostgreSQL stores answering alike).
 */

interface Entry {
  id: number;
  record: ChartRecord;
  row: ChartListRow;
}

const asText = (filter: ListFilter): string => {
  const v = filter.value;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be a string`);
};

const asId = (filter: ListFilter): number => {
  const v = filter.value;
  const raw = typeof v === 'object' && v !== null && 'value' in v ? v.value : v;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isInteger(id)) {
    throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be an id`);
  }
  return id;
};

const asBool = (filter: ListFilter): boolean => {
  const v = filter.value;
  if (v === true || v === 'true' || v === 1 || v === '!t') return true;
  if (v === false || v === 'false' || v === 0 || v === '!f') return false;
  throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be a boolean`);
};

function textTest(filter: ListFilter): (value: string | null) => boolean {
  const needle = asText(filter);
  const lower = needle.toLowerCase();
  switch (filter.opr) {
    case 'ct':
    case 'chart_all_text':
      return (v) => (v ?? '').toLowerCase().includes(lower);
    case 'sw':
      return (v) => (v ?? '').toLowerCase().startsWith(lower);
    case 'ew':
      return (v) => (v ?? '').toLowerCase().endsWith(lower);
    case 'eq':
      return (v) => v === needle;
    default:
      return (v) => v !== needle;
  }
}

type Predicate = (entry: Entry) => boolean;

function toPredicate(filter: ListFilter, userId: number, favorites: Set<number>): Predicate {
  const ops = CHART_FILTERS[filter.col];
  if (!ops) throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  if (!ops.includes(filter.opr)) {
    throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  }
  const { col, opr } = filter;
  if (opr === 'chart_all_text') {
    const test = textTest(filter);
    return ({ row }) =>
      [row.slice_name, row.description, row.viz_type, row.datasource_name_text].some(test);
  }
  if (opr === 'chart_is_favorite') {
    const wanted = asBool(filter);
    return ({ row }) => favorites.has(row.id) === wanted;
  }
  if (opr === 'chart_is_certified') {
    const wanted = asBool(filter);
    return ({ row }) => Boolean(row.certified_by) === wanted;
  }
  if (opr === 'chart_created_by_me') return ({ record }) => record.row.created_by_fk === userId;
  if (col === 'owners') {
    const id = asId(filter);
    return ({ record }) => record.ownerIds.includes(id);
  }
  if (col === 'dashboards') {
    const id = asId(filter);
    return ({ record }) => record.dashboardIds.includes(id);
  }
  if (col === 'created_by' || col === 'changed_by') {
    const id = asId(filter);
    const key = col === 'created_by' ? 'created_by_fk' : 'changed_by_fk';
    return ({ record }) => record.row[key] === id;
  }
  if (col === 'id' || col === 'datasource_id') {
    const id = asId(filter);
    const read = (e: Entry) => (col === 'id' ? e.row.id : e.row.datasource_id);
    return opr === 'eq' ? (e) => read(e) === id : (e) => read(e) !== id;
  }
  const test = textTest(filter);
  const field = col as 'slice_name' | 'viz_type' | 'datasource_type' | 'description';
  return ({ row }) => test(row[field]);
}

function sortKey(column: ChartOrderColumn): (e: Entry) => unknown {
  switch (column) {
    case 'changed_on_delta_humanized':
      return (e) => e.row.changed_on_utc;
    case 'changed_by.first_name':
      return (e) => e.row.changed_by?.first_name ?? '';
    case 'last_saved_by.id':
      return (e) => e.row.last_saved_by?.id ?? 0;
    case 'datasource_name':
      return (e) => e.row.datasource_name_text ?? '';
    case 'datasource_id':
      return (e) => e.row.datasource_id ?? 0;
    case 'id':
      return (e) => e.row.id;
    default:
      return (e) => e.row[column] ?? '';
  }
}

export async function listCharts(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<ChartListAnswer> {
  requirePermission(actor, 'can_read', 'Chart');
  const user = requireUser(actor);
  const order = (q.order_column ?? 'changed_on_delta_humanized') as ChartOrderColumn;
  if (!(CHART_ORDER_COLUMNS as readonly string[]).includes(order)) {
    throw badRequest(`Not a valid rison schema: order_column: ${order} is not allowed`);
  }
  const [rows, favorites] = await Promise.all([
    chartRepository.list(ctx.store.db),
    chartRepository.favoriteIds(ctx.store.db, user.id),
  ]);
  const predicates = (q.filters ?? []).map((f) => toPredicate(f, user.id, favorites));
  const { records, lookups } = await loadCharts(ctx, rows);
  const now = new Date();
  const entries = records
    .filter((record) => canSeeChart(actor, record))
    .map((record) => ({ id: record.row.id, record, row: toListRow(record, lookups, now) }))
    .filter((entry) => predicates.every((p) => p(entry)));
  entries.sort(compareBy<Entry>(sortKey(order), q.order_direction ?? 'desc'));
  const requested = q.page_size ?? 20;
  const pageSize =
    requested < 0 ? CHART_LIST_MAX_PAGE_SIZE : Math.min(requested, CHART_LIST_MAX_PAGE_SIZE);
  const page = q.page ?? 0;
  const slice = entries.slice(page * pageSize, (page + 1) * pageSize);
  const columns = q.columns && q.columns.length > 0 ? q.columns : [...CHART_LIST_COLUMNS];
  return listEnvelope(
    {
      count: entries.length,
      ids: slice.map((e) => e.row.id),
      result: slice.map((e) => pickFields(e.row as unknown as Record<string, unknown>, columns)),
    },
    {
      title: 'List Slice',
      listColumns: CHART_LIST_COLUMNS,
      orderColumns: CHART_ORDER_COLUMNS,
      label: labelOf,
    },
    q.keys,
  );
}
