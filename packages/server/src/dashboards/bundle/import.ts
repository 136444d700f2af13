import { type JsonMetadata, remapMetadataChartIds } from '@tessera/shared/dashboard/metadata';
import { filterTargets } from '@tessera/shared/dashboard/nativeFilters';
import { type DashboardLayout, toPositionJson } from '@tessera/shared/dashboard/position';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { MetadataTables } from '../../platform/metadata/tables.ts';
import { SecretBox } from '../../platform/secrets.ts';
import { type Actor, requirePermission, requireUser } from '../../security/actor.ts';
import { WRITE_DASHBOARD } from '../access.ts';
import { createDashboard, type DashboardInput, updateDashboard } from '../service.ts';
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
  actor: Actor,
  zipBytes: Buffer,
  options: { overwrite: boolean; passwords: Record<string, string> },
): Promise<{ message: string }> {
  requirePermission(actor, ...WRITE_DASHBOARD);
  requireUser(actor);
  const files = await readBundle(zipBytes);
  const secrets = new SecretBox(ctx.config.secretKey);
  // Planning reads through the same transaction, so what it decided still holds when written.
  await ctx.store.db.transaction().execute(async (trx) => {
    const plan = await planImport(ctx, actor, trx, files, options);
    const databaseIds = await writeDatabases(ctx, trx, plan.databases, secrets, actor);
    const datasetIds = await writeDatasets(ctx, actor, trx, plan.datasets, databaseIds);
    const chartIds = await writeCharts(ctx, actor, trx, plan.charts, datasetIds);
    for (const dashboard of plan.dashboards) {
      await writeDashboard(ctx, actor, trx, dashboard, chartIds, datasetIds);
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
  for (const target of filterTargets(metadata.native_filter_configuration)) {
    const uuid = uuidOf(target.datasetUuid);
    if (uuid && datasets.has(uuid)) {
      target.datasetId = datasets.get(uuid);
      delete target.datasetUuid;
    }
  }
}

/**
 * The dashboard goes through the dashboards service, as an API save would: the same slug,
 * owner, chart-placing and audit rules. A slug another dashboard holds is dropped rather than
 * failing the import.
 */
async function writeDashboard(
  ctx: AppContext,
  actor: Actor,
  trx: Transaction<MetadataTables>,
  plan: DashboardPlan,
  charts: Map<string, number>,
  datasets: Map<string, number>,
): Promise<void> {
  const { config } = plan;
  const { layout, idMap } = localLayout(plan.layout, charts);
  const metadata = remapMetadataChartIds(plan.metadata, idMap);
  remapNativeFilterDatasets(metadata, datasets);
  const { positions: _p, ...wire } = metadata as JsonMetadata & { positions?: unknown };
  const body: DashboardInput = {
    dashboard_title: str(config.dashboard_title),
    description: str(config.description),
    css: str(config.css),
    slug: str(config.slug),
    certified_by: str(config.certified_by),
    certification_details: str(config.certification_details),
    published: flag(config.published) === 1,
    position_json: Object.keys(layout).length ? JSON.stringify(toPositionJson(layout)) : null,
    json_metadata: JSON.stringify(wire),
  };
  const options = { trx, slugTaken: 'drop' as const };
  if (plan.id !== null) await updateDashboard(ctx, actor, plan.id, body, options);
  else await createDashboard(ctx, actor, body, { ...options, uuid: plan.uuid });
}
