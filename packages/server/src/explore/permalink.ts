import {
  type ExplorePermalinkBody,
  type ExplorePermalinkValue,
  explorePermalinkPath,
  PERMALINK_NOT_FOUND_MESSAGE,
} from '@tessera/shared/api/explore';
import { parseDatasourceKey } from '@tessera/shared/datasourceKey';
import { badRequest, notFound } from '@tessera/shared/errors';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import { keyValueRepository } from '../platform/kv/repository.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { checkExploreAccess } from './access.ts';

/**
 * Explore permalinks (Superset's ExplorePermalinkRestApi): the whole exploration frozen under a
 * short key. Creating and reading one both need access to its dataset (and chart, if any).
 */

const RESOURCE = 'explore_permalink';
const VIEW = 'ExplorePermalinkRestApi';

async function targetOf(
  ctx: AppContext,
  actor: Actor,
  formData: Record<string, unknown>,
): Promise<{ chartId: number | null; datasourceId: number; datasourceType: string }> {
  const chartId =
    typeof formData.slice_id === 'number' && formData.slice_id > 0 ? formData.slice_id : null;
  const key = parseDatasourceKey(
    typeof formData.datasource === 'string' ? formData.datasource : null,
  );
  if (key) return { chartId, datasourceId: key.id, datasourceType: key.type };
  if (chartId) {
    const { record } = await visibleChart(ctx, actor, chartId);
    if (record.row.datasource_id !== null) {
      return {
        chartId,
        datasourceId: record.row.datasource_id,
        datasourceType: record.row.datasource_type ?? 'table',
      };
    }
  }
  throw badRequest('formData.datasource must be a datasource key such as 1__table');
}

export async function createExplorePermalink(
  ctx: AppContext,
  actor: Actor,
  body: ExplorePermalinkBody,
): Promise<{ key: string; url: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  const target = await targetOf(ctx, actor, body.formData);
  await checkExploreAccess(ctx, actor, target);
  const value: ExplorePermalinkValue = {
    ...target,
    state: { formData: body.formData, urlParams: body.urlParams ?? null },
  };
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, value, { userId: user.id });
  return { key, url: `${actor.baseUrl}${explorePermalinkPath(key)}` };
}

export async function readExplorePermalink(
  ctx: AppContext,
  actor: Actor,
  key: string,
): Promise<ExplorePermalinkValue> {
  requirePermission(actor, 'can_read', VIEW);
  const value = (await keyValueRepository.get(
    ctx.store.db,
    RESOURCE,
    key,
  )) as ExplorePermalinkValue | null;
  if (!value?.state) throw notFound(PERMALINK_NOT_FOUND_MESSAGE);
  if (value.datasourceId !== null && value.datasourceType) {
    await checkExploreAccess(ctx, actor, {
      datasourceId: value.datasourceId,
      datasourceType: value.datasourceType,
      chartId: value.chartId,
    });
  }
  return value;
}
