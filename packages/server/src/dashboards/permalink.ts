import type {
  DashboardPermalinkState,
  DashboardPermalinkValue,
} from '@tessera/shared/api/dashboards';
import { notFound } from '@tessera/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { keyValueRepository } from '../platform/kv/repository.ts';
import { requirePermission, requireUser } from '../security/currentUser.ts';
import { readableDashboard } from './access.ts';

/**
 * Dashboard permalinks: the filter state, active tabs and anchor of a dashboard under a short
 * key. Reading one needs read access to its dashboard, so a link never opens data to someone
 * the dashboard is hidden from.
 */

const RESOURCE = 'dashboard_permalink';
const VIEW = 'DashboardPermalinkRestApi';

export async function createDashboardPermalink(
  ctx: AppContext,
  request: FastifyRequest,
  idOrSlug: string,
  state: DashboardPermalinkState,
): Promise<{ key: string; url: string }> {
  requirePermission(request, 'can_write', VIEW);
  const user = requireUser(request);
  const record = await readableDashboard(ctx, request, idOrSlug);
  const value: DashboardPermalinkValue = { dashboardId: String(record.row.id), state };
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, value, { userId: user.id });
  return { key, url: `${request.protocol}://${request.host}/superset/dashboard/p/${key}/` };
}

export async function readDashboardPermalink(
  ctx: AppContext,
  request: FastifyRequest,
  key: string,
): Promise<DashboardPermalinkValue> {
  requirePermission(request, 'can_read', VIEW);
  const value = (await keyValueRepository.get(
    ctx.store.db,
    RESOURCE,
    key,
  )) as DashboardPermalinkValue | null;
  if (!value) throw notFound();
  await readableDashboard(ctx, request, value.dashboardId);
  return value;
}
