import type { DashboardChart } from '@tessera/shared/api/dashboards';
import type { AppContext } from '../context.ts';
import { loadDatasets } from '../datasets/model.ts';
import { toDatasourceJson } from '../datasets/present.ts';
import { datasetRepository } from '../datasets/repository.ts';
import type { Actor } from '../security/actor.ts';
import { readableDashboard } from './access.ts';
import { toDashboardChart } from './present.ts';
import { dashboardRepository } from './repository.ts';

/** What a dashboard shows: its charts (`/charts`) and their datasets' explore JSON (`/datasets`). */

const isDatasetType = (type: string | null) =>
  type === null || type === 'table' || type === 'dataset';

export async function dashboardCharts(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
): Promise<{ result: DashboardChart[] }> {
  const record = await readableDashboard(ctx, actor, idOrSlug);
  const db = ctx.store.db;
  const slices = await dashboardRepository.slices(db, record.sliceIds);
  const owners = await dashboardRepository.sliceOwners(
    db,
    slices.map((s) => s.id),
  );
  const datasetIds = slices
    .filter((s) => s.datasource_id !== null && isDatasetType(s.datasource_type))
    .map((s) => s.datasource_id as number);
  const names = new Map(
    (await datasetRepository.list(db))
      .filter((d) => datasetIds.includes(d.id))
      .map((d) => [d.id, d.schema ? `${d.schema}.${d.table_name}` : d.table_name]),
  );
  const now = new Date();
  return {
    result: slices.map((s) =>
      toDashboardChart(
        s,
        owners.get(s.id) ?? [],
        s.datasource_id !== null ? (names.get(s.datasource_id) ?? null) : null,
        now,
      ),
    ),
  };
}

/**
 * The explore JSON of every dataset the dashboard's charts use, from the datasets feature's own
 * presenter. Seeing the dashboard is enough, as in Superset: its charts need their datasets.
 */
export async function dashboardDatasets(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
): Promise<{ result: Array<Record<string, unknown>> }> {
  const record = await readableDashboard(ctx, actor, idOrSlug);
  const slices = await dashboardRepository.slices(ctx.store.db, record.sliceIds);
  const ids = new Set(
    slices
      .filter((s) => s.datasource_id !== null && isDatasetType(s.datasource_type))
      .map((s) => s.datasource_id as number),
  );
  const rows = (await datasetRepository.list(ctx.store.db)).filter((d) => ids.has(d.id));
  const loaded = await loadDatasets(ctx.store, rows);
  const result = loaded.map((d) => toDatasourceJson(d) as unknown as Record<string, unknown>);
  // A guest of an embedded dashboard draws with the datasets but never learns their SQL or who
  // owns them (Superset leaves them out of its guest answer too).
  if (actor.guest) {
    return { result: result.map(({ sql: _sql, owners: _owners, ...rest }) => rest) };
  }
  return { result };
}
