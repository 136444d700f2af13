import {
  type JsonMetadata,
  remapMetadataChartIds,
  toStoredJsonMetadata,
} from '@tessera/shared/dashboard/metadata';
import {
  chartIdsInLayout,
  type DashboardLayout,
  toPositionJson,
} from '@tessera/shared/dashboard/position';
import { dashboardTitleOrUntitled } from '@tessera/shared/dashboard/save';
import { cleanSlug } from '@tessera/shared/dashboard/slug';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SecretBox } from '../../platform/secrets.ts';
import { requirePermission, requireUser } from '../../security/currentUser.ts';
import { assertMayPlaceCharts, WRITE_DASHBOARD } from '../access.ts';
import { type Db, dashboardRepository } from '../repository.ts';
import { flag, readBundle, str, uuidOf } from './files.ts';
import { type DashboardPlan, planImport } from './plan.ts';
import { writeCharts, writeDatabases, writeDatasets } from './write.ts';

/**
 * `POST /api/v1/dashboard/import/`: a Superset v1 bundle (ZIP of YAML) creating or updating
 * databases, datasets, charts and dashboards by uuid, in one transaction. The whole bundle is
 * checked first (`plan.ts`), so a bad file or a missing permission writes nothing. As in
 * Superset, existing databases, datasets and charts are reused as they are; dashboards are
 * replaced only with `overwrite`, else the import is refused.
 */

export async function importDashboards(
  ctx: AppContext,
  request: FastifyRequest,
  zipBytes: Buffer,
  options: { overwrite: boolean; passwords: Record<string, string> },
): Promise<{ message: string }> {
  requirePermission(request, ...WRITE_DASHBOARD);
  const user = requireUser(request);
  const files = await readBundle(zipBytes);
  const secrets = new SecretBox(ctx.config.secretKey);
  // Planning reads through the same transaction, so what it decided still holds when written.
  await ctx.store.db.transaction().execute(async (trx) => {
    const plan = await planImport(ctx, request, trx, files, options);
    const databaseIds = await writeDatabases(trx, plan.databases, secrets, user.id);
    const datasetIds = await writeDatasets(trx, plan.datasets, databaseIds, user.id);
    const chartIds = await writeCharts(trx, plan.charts, datasetIds, user.id);
    for (const dashboard of plan.dashboards) {
      await writeDashboard(trx, request, dashboard, chartIds, datasetIds, user.id);
    }
  });
  return { message: 'OK' };
}

/**
 * The layout with each chart slot pointing at its imported chart. A slot whose chart this import
 * did not bring (skipped, or named without a uuid) is removed: its chartId is the exporting
 * instance's and could name an unrelated chart here.
 */
function localLayout(layout: DashboardLayout, charts: Map<string, number>) {
  const out: DashboardLayout = {};
  const idMap = new Map<number, number>();
  const dropped = new Set<string>();
  for (const [key, item] of Object.entries(layout)) {
    if (item.type !== 'CHART') {
      out[key] = item;
      continue;
    }
    const newId = charts.get(uuidOf(item.meta.uuid) ?? '');
    if (newId === undefined) {
      dropped.add(key);
      continue;
    }
    if (typeof item.meta.chartId === 'number') idMap.set(item.meta.chartId, newId);
    out[key] = { ...item, meta: { ...item.meta, chartId: newId } };
  }
  for (const [key, item] of Object.entries(out)) {
    if (item.children.some((child) => dropped.has(child))) {
      out[key] = { ...item, children: item.children.filter((child) => !dropped.has(child)) };
    }
  }
  return { layout: out, idMap };
}

/** Native filters name their dataset by uuid in a bundle; here by id. */
function remapNativeFilterDatasets(metadata: JsonMetadata, datasets: Map<string, number>) {
  for (const filter of metadata.native_filter_configuration ?? []) {
    const targets = (filter as { targets?: Array<Record<string, unknown>> }).targets ?? [];
    for (const target of targets) {
      const uuid = uuidOf(target.datasetUuid);
      if (uuid && datasets.has(uuid)) {
        target.datasetId = datasets.get(uuid);
        delete target.datasetUuid;
      }
    }
  }
}

async function writeDashboard(
  db: Db,
  request: FastifyRequest,
  plan: DashboardPlan,
  charts: Map<string, number>,
  datasets: Map<string, number>,
  actorId: number,
): Promise<void> {
  const { config } = plan;
  const { layout, idMap } = localLayout(plan.layout, charts);
  const metadata = remapMetadataChartIds(plan.metadata, idMap);
  remapNativeFilterDatasets(metadata, datasets);
  const { positions: _p, ...stored } = metadata as JsonMetadata & { positions?: unknown };
  const write = {
    dashboard_title: dashboardTitleOrUntitled(str(config.dashboard_title)),
    description: str(config.description),
    css: str(config.css),
    slug: cleanSlug(str(config.slug)),
    certified_by: str(config.certified_by),
    certification_details: str(config.certified_by) ? str(config.certification_details) : null,
    published: flag(config.published),
    position_json: Object.keys(layout).length ? JSON.stringify(toPositionJson(layout)) : null,
    json_metadata: toStoredJsonMetadata(stored),
  };
  if (write.slug && (await dashboardRepository.slugTaken(db, write.slug, plan.id ?? undefined))) {
    // A slug taken by another dashboard is dropped rather than failing the whole import.
    write.slug = null;
  }
  // As when saving a layout: a dashboard's roles grant its charts' data, so an importer may only
  // place charts (reused by uuid or new on a dataset already here) whose data they can read.
  const sliceIds = [...new Set(chartIdsInLayout(layout))];
  const kept =
    plan.id === null ? [] : ((await dashboardRepository.records(db, [plan.id]))[0]?.sliceIds ?? []);
  await assertMayPlaceCharts(request, db, sliceIds, kept);
  let id: number;
  if (plan.id !== null) {
    id = plan.id;
    await dashboardRepository.update(db, id, write, actorId);
  } else {
    id = await dashboardRepository.insert(db, write, actorId, plan.uuid);
    await dashboardRepository.setOwners(db, id, [actorId]);
  }
  await dashboardRepository.setSlices(db, id, sliceIds);
}
