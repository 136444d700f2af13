import { isDatasetType, isDatasourceType } from '@tessera/shared/datasourceKey';
import { notFound } from '@tessera/shared/errors';
import type { FastifyRequest } from 'fastify';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { canAccessDataset } from '../datasets/access.ts';
import { type LoadedDataset, loadDataset } from '../datasets/model.ts';

/**
 * Explore's access rule, shared by its cache and permalinks (Superset's explore `check_access`):
 * the datasource must exist and be readable by the caller, and a named chart must be visible.
 * Anything hidden answers 404 so ids reveal nothing.
 */
export async function readableDatasource(
  ctx: AppContext,
  request: FastifyRequest,
  type: string,
  id: number,
): Promise<LoadedDataset> {
  if (!isDatasourceType(type) || !isDatasetType(type))
    throw notFound(`Datasource type ${type} is not available here`);
  const dataset = await loadDataset(ctx.store, id);
  if (!dataset || !canAccessDataset(principalOf(request), dataset, request.user?.id)) {
    throw notFound('Dataset not found');
  }
  return dataset;
}

export async function checkExploreAccess(
  ctx: AppContext,
  request: FastifyRequest,
  target: { datasourceType: string; datasourceId: number; chartId?: number | null },
): Promise<void> {
  await readableDatasource(ctx, request, target.datasourceType, target.datasourceId);
  if (target.chartId) await visibleChart(ctx, request, target.chartId);
}
