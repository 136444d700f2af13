import type {
  DashboardPermalinkState,
  DashboardPermalinkValue,
} from '@tessera/shared/api/dashboards';
import { notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { keyValueRepository } from '../platform/kv/repository.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { readableDashboard } from './access.ts';
import { assertDepth } from './depth.ts';

/**
 * Dashboard permalinks: the filter state, active tabs and anchor of a dashboard under a short
 * key. Reading one needs read access to its dashboard, so a link never opens data to someone
 * the dashboard is hidden from.
 */

const RESOURCE = 'dashboard_permalink';
const VIEW = 'DashboardPermalinkRestApi';

export async function createDashboardPermalink(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  state: DashboardPermalinkState,
): Promise<{ key: string; url: string }> {
  // A guest shares the embedded dashboards its token grants (the SDK's getDashboardPermalink),
  // whatever its role holds; readableDashboard keeps it to those.
  const userId = actor.guest ? null : requireUser(actor).id;
  if (!actor.guest) requirePermission(actor, 'can_write', VIEW);
  assertDepth('state', state);
  const record = await readableDashboard(ctx, actor, idOrSlug);
  const value: DashboardPermalinkValue = { dashboardId: String(record.row.id), state };
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, value, { userId });
  return { key, url: `${actor.baseUrl}/superset/dashboard/p/${key}/` };
}

export async function readDashboardPermalink(
  ctx: AppContext,
  actor: Actor,
  key: string,
): Promise<DashboardPermalinkValue> {
  requirePermission(actor, 'can_read', VIEW);
  const value = (await keyValueRepository.get(
    ctx.store.db,
    RESOURCE,
    key,
  )) as DashboardPermalinkValue | null;
  if (!value) throw notFound();
  await readableDashboard(ctx, actor, value.dashboardId);
  return value;
}
