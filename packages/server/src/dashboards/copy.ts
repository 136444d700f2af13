import type { DashboardColorsBody, DashboardCopyBody } from '@tessera/shared/api/dashboards';
import {
  COLOR_FIELDS,
  checkJsonMetadataText,
  type JsonMetadata,
  migrateJsonMetadata,
  remapMetadataChartIds,
  toStoredJsonMetadata,
} from '@tessera/shared/dashboard/metadata';
import {
  chartIdsInLayout,
  checkPositionJson,
  type DashboardLayout,
  migratePositionJson,
  toPositionJson,
} from '@tessera/shared/dashboard/position';
import { dashboardTitleOrUntitled } from '@tessera/shared/dashboard/save';
import { badRequest, forbidden } from '@tessera/shared/errors';
import { isAdmin } from '@tessera/shared/permissions';
import type { Transaction } from 'kysely';
import { saveChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import { type Actor, auditUserId, requirePermission, requireUser } from '../security/actor.ts';
import {
  assertMayPlaceCharts,
  editableDashboard,
  readableDashboard,
  subjectOf,
  WRITE_DASHBOARD,
} from './access.ts';
import { assertTextDepth } from './depth.ts';
import { epochSeconds } from './present.ts';
import { dashboardRepository, type SliceRow } from './repository.ts';

/** Copying a dashboard ("save as") and the colour sync. */

/** Chart ids in a layout replaced through `map`. */
export function remapLayoutChartIds(
  layout: DashboardLayout,
  map: ReadonlyMap<number, number>,
): DashboardLayout {
  const out: DashboardLayout = {};
  for (const [key, item] of Object.entries(layout)) {
    const chartId = item.meta.chartId;
    out[key] =
      typeof chartId === 'number' && map.has(chartId)
        ? { ...item, meta: { ...item.meta, chartId: map.get(chartId) } }
        : item;
  }
  return out;
}

/**
 * POST `{id}/copy/`: a new dashboard owned by the caller, with the given title, CSS and
 * metadata; the layout comes from `positions` in the metadata, else the source's, and the copy
 * holds the charts of that layout (Superset's set_dash_metadata), else the source's. With
 * `duplicate_slices` each of those charts is copied too and chart ids are remapped everywhere.
 */
export async function copyDashboard(
  ctx: AppContext,
  actor: Actor,
  sourceId: string,
  body: DashboardCopyBody,
): Promise<{ result: { id: number; last_modified_time: number } }> {
  requirePermission(actor, ...WRITE_DASHBOARD);
  const user = requireUser(actor);
  const source = await readableDashboard(ctx, actor, sourceId);
  assertTextDepth('json_metadata', body.json_metadata);
  const check = checkJsonMetadataText(body.json_metadata);
  if (!check.ok) throw badRequest('Invalid input', { fields: { json_metadata: check.errors } });
  const { positions, ...metadataFields } = check.value as JsonMetadata & { positions?: unknown };
  let layout: DashboardLayout;
  let wanted: number[];
  if (positions && typeof positions === 'object') {
    const parsed = checkPositionJson(positions);
    if (!parsed.ok) throw badRequest('Invalid input', { fields: { positions: parsed.errors } });
    layout = parsed.layout;
    wanted = chartIdsInLayout(layout);
  } else {
    const slices = await dashboardRepository.slices(ctx.store.db, source.sliceIds);
    layout = migratePositionJson(source.row.position_json, slices);
    wanted = source.sliceIds;
  }
  // Superset's DashboardDAO.copy_dashboard: with DASHBOARD_RBAC only an owner copies, since a
  // copy would take charts the source's roles grant onto a dashboard the copier controls.
  const rbac = ctx.config.featureFlags.DASHBOARD_RBAC;
  if (rbac && !isAdmin(subjectOf(actor)) && !source.ownerIds.includes(user.id)) {
    throw forbidden('Forbidden');
  }
  let metadata = metadataFields as JsonMetadata;

  const id = await ctx.store.db.transaction().execute(async (trx) => {
    let sliceIds = (await dashboardRepository.slices(trx, wanted)).map((s) => s.id);
    await assertMayPlaceCharts(actor, trx, sliceIds, source.sliceIds);
    if (body.duplicate_slices) {
      const map = new Map<number, number>();
      for (const slice of await dashboardRepository.slices(trx, sliceIds)) {
        map.set(slice.id, await duplicateChart(ctx, actor, trx, slice));
      }
      sliceIds = sliceIds.map((s) => map.get(s) ?? s);
      layout = remapLayoutChartIds(layout, map);
      metadata = remapMetadataChartIds(metadata, map);
    }
    const newId = await dashboardRepository.insert(
      trx,
      {
        dashboard_title: dashboardTitleOrUntitled(body.dashboard_title),
        css: body.css ?? null,
        json_metadata: toStoredJsonMetadata(metadata),
        position_json: JSON.stringify(toPositionJson(layout)),
        published: 0,
      },
      actor,
    );
    await dashboardRepository.setOwners(trx, newId, [user.id]);
    await dashboardRepository.setSlices(trx, newId, sliceIds);
    return newId;
  });
  const [saved] = await dashboardRepository.records(ctx.store.db, [id]);
  return { result: { id, last_modified_time: epochSeconds(saved?.row.changed_on ?? '') } };
}

/**
 * A copy of a chart owned by the copier. A chart on a dataset is saved through the charts
 * feature's write path (dataset access, owners, audit columns); one without a dataset carries no
 * data and is copied as it stands.
 */
async function duplicateChart(
  ctx: AppContext,
  actor: Actor,
  trx: Transaction<MetadataTables>,
  slice: SliceRow,
): Promise<number> {
  const onDataset =
    slice.datasource_id !== null &&
    (slice.datasource_type === null ||
      slice.datasource_type === 'table' ||
      slice.datasource_type === 'dataset');
  if (!onDataset) return dashboardRepository.cloneSlice(trx, slice, auditUserId(actor));
  const saved = await saveChart(
    ctx,
    actor,
    {
      slice_name: slice.slice_name,
      viz_type: slice.viz_type,
      datasource_id: slice.datasource_id as number,
      params: slice.params,
      query_context: slice.query_context,
      description: slice.description,
      cache_timeout: slice.cache_timeout,
      certified_by: slice.certified_by,
      certification_details: slice.certification_details,
      external_url: slice.external_url,
    },
    { trx },
  );
  return saved.id;
}

/**
 * PUT `{id}/colors`: only the colour fields of json_metadata change. `mark_updated=false` (the
 * client's automatic sync) leaves changed_on alone so it never reads as an edit.
 */
export async function updateColors(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: DashboardColorsBody,
  markUpdated: boolean,
) {
  const record = await editableDashboard(ctx, actor, id);
  const metadata = migrateJsonMetadata(record.row.json_metadata) as Record<string, unknown>;
  for (const field of COLOR_FIELDS) {
    if (body[field] !== undefined) metadata[field] = body[field];
  }
  await dashboardRepository.updateJsonMetadata(ctx.store.db, id, metadata, actor, markUpdated);
  const [saved] = await dashboardRepository.records(ctx.store.db, [id]);
  return {
    id,
    result: body as Record<string, unknown>,
    last_modified_time: epochSeconds(saved?.row.changed_on ?? record.row.changed_on),
  };
}
