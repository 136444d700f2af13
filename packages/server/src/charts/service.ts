import {
  CHART_DASHBOARDS_NOT_FOUND_MESSAGE,
  CHART_FORBIDDEN_MESSAGE,
  type ChartCreateBody,
  type ChartItem,
  type ChartUpdateBody,
  type ChartWriteAnswer,
  DASHBOARD_FORBIDDEN_MESSAGE,
  deletedChartsMessage,
  type FavoriteStatusAnswer,
  type RelatedAnswer,
  type RelatedQuery,
} from '@tessera/shared/api/charts';
import { appendChartToPosition } from '@tessera/shared/dashboard/appendChart';
import { canEditDashboard } from '@tessera/shared/dashboard/permissions';
import { forbidden, notFound } from '@tessera/shared/errors';
import type { Transaction, Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import { invalid } from '../datasets/source.ts';
import { changedStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import { type Actor, requirePermission, requireUser, rolesOf } from '../security/actor.ts';
import { assertNotChangedSince, lastModifiedTime, type SavePrecondition } from './conflict.ts';
import { type ChartRecord, canSeeChart, isChartOwner, loadCharts } from './model.ts';
import { toItem, toWriteResult } from './present.ts';
import { chartRepository } from './repository.ts';
import { checkOwners, insertChart, ownersFor, usableDataset } from './save.ts';
import type { DbSlice } from './tables.ts';

/** The write path the example loader and the bundle importer use (see save.ts). */
export {
  type ChartInput,
  type ChartWriteContext,
  type SaveChartOptions,
  type SavedChart,
  saveChart,
} from './save.ts';

/**
 * The rules of `/api/v1/chart/`: ('can_read'|'can_write', 'Chart'); a chart is visible to whoever
 * may read its dataset (admins see all; others get 404); only owners and admins change or delete
 * one; saving needs access to the dataset; adding a chart to a dashboard needs the right to edit
 * that dashboard and places the chart in a new row of its layout. One transaction per write.
 * The rules of a save itself (dataset access, owners, audit columns) live in `save.ts`, shared
 * with the example loader and the bundle importer.
 */

const VIEW = 'Chart';

/** A save's answer: the chart as stored, and when, for the client's next save (see conflict.ts). */
export type ChartSaveAnswer = ChartWriteAnswer & { last_modified_time: number };
const CHART_NOT_FOUND = 'Chart not found';
type Trx = Transaction<MetadataTables>;

function reader(actor: Actor) {
  requirePermission(actor, 'can_read', VIEW);
  return requireUser(actor);
}

function writer(actor: Actor) {
  requirePermission(actor, 'can_write', VIEW);
  return requireUser(actor);
}

/** A chart the caller may see, loaded, or 404. */
export async function visibleChart(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ record: ChartRecord; lookups: Awaited<ReturnType<typeof loadCharts>>['lookups'] }> {
  const row = await chartRepository.get(ctx.store.db, id);
  if (!row) throw notFound(CHART_NOT_FOUND);
  const { records, lookups } = await loadCharts(ctx, [row]);
  const record = records[0] as ChartRecord;
  if (!canSeeChart(actor, record)) throw notFound(CHART_NOT_FOUND);
  return { record, lookups };
}

async function ownedChart(ctx: AppContext, actor: Actor, id: number) {
  const loaded = await visibleChart(ctx, actor, id);
  if (!isChartOwner(actor, loaded.record)) throw forbidden(CHART_FORBIDDEN_MESSAGE);
  return loaded;
}

/** Dashboards the chart joins or leaves: they must exist and the caller must be able to edit them. */
async function checkDashboards(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const db = ctx.store.db;
  const [found, owners] = await Promise.all([
    chartRepository.dashboards(db, ids),
    chartRepository.dashboardOwners(db, ids),
  ]);
  if (ids.some((id) => !found.has(id))) {
    throw invalid('dashboards', CHART_DASHBOARDS_NOT_FOUND_MESSAGE);
  }
  const subject = rolesOf(actor);
  for (const id of ids) {
    const dashboard = { owners: owners.get(id) ?? [] };
    if (!canEditDashboard(subject, dashboard, ctx.config.featureFlags)) {
      throw forbidden(DASHBOARD_FORBIDDEN_MESSAGE);
    }
  }
}

/** Links the chart to `added` dashboards and gives it a new row at the end of each layout. */
async function addToDashboards(
  trx: Trx,
  chart: { id: number; sliceName: string; uuid: string },
  added: number[],
  actor: Actor,
): Promise<void> {
  if (added.length === 0) return;
  await chartRepository.linkDashboards(trx, chart.id, added);
  const dashboards = await chartRepository.dashboards(trx, added);
  for (const id of added) {
    const dashboard = dashboards.get(id);
    if (!dashboard) continue;
    const position = appendChartToPosition(dashboard.position_json, {
      chartId: chart.id,
      sliceName: chart.sliceName,
      uuid: chart.uuid,
    });
    await chartRepository.setDashboardPosition(
      trx,
      id,
      JSON.stringify(position),
      changedStamp(actor),
    );
  }
}

const unique = (ids: number[]) => [...new Set(ids)];

export async function getChart(ctx: AppContext, actor: Actor, id: number): Promise<ChartItem> {
  reader(actor);
  const { record, lookups } = await visibleChart(ctx, actor, id);
  return toItem(record, lookups);
}

export async function createChart(
  ctx: AppContext,
  actor: Actor,
  body: ChartCreateBody,
): Promise<ChartSaveAnswer> {
  const user = writer(actor);
  const db = ctx.store.db;
  const dataset = await usableDataset(ctx, actor, db, body.datasource_type, body.datasource_id);
  // The creator is always an owner, admin or not.
  const owners = unique([user.id, ...(body.owners ?? [])]);
  await checkOwners(db, owners);
  const dashboards = unique(body.dashboards ?? []);
  await checkDashboards(ctx, actor, dashboards);
  const write = {
    slice_name: body.slice_name,
    viz_type: body.viz_type,
    params: body.params ?? null,
    query_context: body.query_context ?? null,
    description: body.description ?? null,
    cache_timeout: body.cache_timeout ?? null,
    datasource_id: dataset.row.id,
    datasource_type: 'table',
    datasource_name: dataset.row.table_name,
    certified_by: body.certified_by ?? null,
    certification_details: body.certified_by ? (body.certification_details ?? null) : null,
    is_managed_externally: body.is_managed_externally ? 1 : 0,
    external_url: body.external_url ?? null,
  };
  const id = await db.transaction().execute(async (trx) => {
    const newId = await insertChart(trx, actor, write, owners);
    const row = await chartRepository.get(trx, newId);
    await addToDashboards(
      trx,
      { id: newId, sliceName: write.slice_name, uuid: row?.uuid ?? '' },
      dashboards,
      actor,
    );
    return newId;
  });
  const { record } = await visibleChart(ctx, actor, id);
  return { id, result: toWriteResult(record), last_modified_time: lastModifiedTime(record.row) };
}

export async function updateChart(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: ChartUpdateBody,
  precondition: SavePrecondition = {},
): Promise<ChartSaveAnswer> {
  writer(actor);
  const { record } = await ownedChart(ctx, actor, id);
  assertNotChangedSince(record.row, precondition);
  const changes: Updateable<DbSlice> = {};
  if (body.datasource_id !== undefined || body.datasource_type !== undefined) {
    const dataset = await usableDataset(
      ctx,
      actor,
      ctx.store.db,
      body.datasource_type ?? record.row.datasource_type ?? 'table',
      body.datasource_id ?? record.row.datasource_id ?? 0,
    );
    changes.datasource_id = dataset.row.id;
    changes.datasource_type = 'table';
    changes.datasource_name = dataset.row.table_name;
  }
  if (body.slice_name !== undefined) changes.slice_name = body.slice_name;
  if (body.viz_type !== undefined) changes.viz_type = body.viz_type;
  if (body.params !== undefined) changes.params = body.params;
  if (body.query_context !== undefined) changes.query_context = body.query_context;
  if (body.description !== undefined) changes.description = body.description;
  if (body.cache_timeout !== undefined) changes.cache_timeout = body.cache_timeout;
  if (body.external_url !== undefined) changes.external_url = body.external_url;
  if (body.certified_by !== undefined) changes.certified_by = body.certified_by;
  if (body.certification_details !== undefined) {
    changes.certification_details = body.certification_details;
  }
  const certifiedBy = body.certified_by !== undefined ? body.certified_by : record.row.certified_by;
  if (!certifiedBy) changes.certification_details = null;

  let owners: number[] | null = null;
  if (body.owners !== undefined) {
    // A non-admin editor stays an owner, as Superset's owner list keeps the current user.
    owners = ownersFor(actor, body.owners);
    await checkOwners(ctx.store.db, owners);
  }
  let added: number[] = [];
  let removed: number[] = [];
  if (body.dashboards !== undefined) {
    const wanted = unique(body.dashboards);
    added = wanted.filter((d) => !record.dashboardIds.includes(d));
    removed = record.dashboardIds.filter((d) => !wanted.includes(d));
    await checkDashboards(ctx, actor, [...added, ...removed]);
  }
  const sliceName = changes.slice_name ?? record.row.slice_name;
  await ctx.store.db.transaction().execute(async (trx) => {
    // Checked again in the write's transaction: another save may have landed meanwhile.
    const current = await chartRepository.get(trx, id);
    if (current) assertNotChangedSince(current, precondition);
    await chartRepository.update(trx, id, changes, changedStamp(actor));
    if (owners) await chartRepository.setOwners(trx, id, owners);
    await chartRepository.unlinkDashboards(trx, id, removed);
    await addToDashboards(trx, { id, sliceName, uuid: record.row.uuid }, added, actor);
  });
  const { record: saved } = await visibleChart(ctx, actor, id);
  return { id, result: toWriteResult(saved), last_modified_time: lastModifiedTime(saved.row) };
}

export async function deleteChart(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  writer(actor);
  await ownedChart(ctx, actor, id);
  await ctx.store.db.transaction().execute((trx) => chartRepository.delete(trx, [id]));
  return { message: 'OK' };
}

/** Bulk delete: all or nothing; an unseen id is 404, a chart the caller does not own 403. */
export async function deleteCharts(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
): Promise<{ message: string }> {
  writer(actor);
  const wanted = unique(ids);
  const rows = await chartRepository.getMany(ctx.store.db, wanted);
  const { records } = await loadCharts(ctx, rows);
  const visible = records.filter((r) => canSeeChart(actor, r));
  if (visible.length !== wanted.length) throw notFound('Charts could not be found');
  if (visible.some((r) => !isChartOwner(actor, r))) throw forbidden(CHART_FORBIDDEN_MESSAGE);
  await ctx.store.db.transaction().execute((trx) => chartRepository.delete(trx, wanted));
  return { message: deletedChartsMessage(wanted.length) };
}

export async function addFavorite(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ result: 'OK' }> {
  const user = reader(actor);
  await visibleChart(ctx, actor, id);
  await chartRepository.addFavorite(ctx.store.db, user.id, id);
  return { result: 'OK' };
}

export async function removeFavorite(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ result: 'OK' }> {
  const user = reader(actor);
  await visibleChart(ctx, actor, id);
  await chartRepository.removeFavorite(ctx.store.db, user.id, id);
  return { result: 'OK' };
}

/** `{result: [{id, value}]}` for the visible charts among `ids`; none visible is 404. */
export async function favoriteStatus(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
): Promise<FavoriteStatusAnswer> {
  const user = reader(actor);
  const wanted = unique(ids);
  if (wanted.length === 0) return { result: [] };
  const rows = await chartRepository.getMany(ctx.store.db, wanted);
  const { records } = await loadCharts(ctx, rows);
  const visible = new Set(records.filter((r) => canSeeChart(actor, r)).map((r) => r.row.id));
  if (visible.size === 0) throw notFound();
  const favorites = await chartRepository.favoriteIds(ctx.store.db, user.id, [...visible]);
  return {
    result: wanted.filter((id) => visible.has(id)).map((id) => ({ id, value: favorites.has(id) })),
  };
}

/**
 * `GET /api/v1/{feature}/related/{owners|created_by|changed_by}`: users by name, for pickers,
 * once `allowed` has let the actor ask (it throws when not).
 */
export function relatedUsersAfter(allowed: (actor: Actor) => unknown) {
  return async (ctx: AppContext, actor: Actor, q: RelatedQuery): Promise<RelatedAnswer> => {
    allowed(actor);
    const { count, rows } = await chartRepository.searchUsers(
      ctx.store.db,
      q.filter ?? '',
      q.page ?? 0,
      q.page_size ?? 20,
    );
    return {
      count,
      result: rows.map((u) => ({
        value: u.id,
        text: `${u.first_name} ${u.last_name}`.trim(),
        extra: { email: u.email, active: u.active },
      })),
    };
  };
}

/** `GET /api/v1/chart/related/{owners|created_by|changed_by}`. */
export const relatedUsers = relatedUsersAfter(reader);
