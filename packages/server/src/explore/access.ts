import { isDatasetType, isDatasourceType } from '@tessera/shared/datasourceKey';
import { notFound } from '@tessera/shared/errors';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import { canAccessDataset } from '../datasets/access.ts';
import { type LoadedDataset, loadDataset } from '../datasets/model.ts';
import { type Actor, rolesOf } from '../security/actor.ts';

/**
 * Explore's access rule, shared by its cache and permalinks (Superset's explore `check_access`):
 * the datasource must exist and be readable by the caller, and a named chart must be visible.
 * Anything hidden answers 404 so ids reveal nothing.
 */
export async function readableDatasource(
  ctx: AppContext,
  actor: Actor,
  type: string,
  id: number,
): Promise<LoadedDataset> {
  if (!isDatasourceType(type) || !isDatasetType(type))
    throw notFound(`Datasource type ${type} is not available here`);
  const dataset = await loadDataset(ctx.store, id);
  if (!dataset || !canAccessDataset(rolesOf(actor), dataset, actor.user?.id)) {
    throw notFound('Dataset not found');
  }
  return dataset;
}

export async function checkExploreAccess(
  ctx: AppContext,
  actor: Actor,
  target: { datasourceType: string; datasourceId: number; chartId?: number | null },
): Promise<void> {
  await readableDatasource(ctx, actor, target.datasourceType, target.datasourceId);
  if (target.chartId) await visibleChart(ctx, actor, target.chartId);
}
