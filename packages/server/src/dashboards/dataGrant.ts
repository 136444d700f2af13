import type { AppContext } from '../context.ts';
import type { Actor } from '../security/actor.ts';
import { dashboardRepository } from './repository.ts';

/**
 * With DASHBOARD_RBAC, the roles on a dashboard grant the data of the charts on it, as Superset's
 * security manager does in `raise_for_access`: a chart-data request that names a dashboard
 * (`form_data.dashboardId`, or the `dashboard_id` parameter) and one of its charts
 * (`form_data.slice_id`) may read that chart's dataset without `datasource_access`, when the
 * dashboard has roles, the chart is on it and built on that very dataset, and the caller may see
 * the dashboard through them (published and holding one of its roles) or owns it. Anything else
 * leaves the ordinary refusal standing.
 */

/**
 * The dashboard and chart a chart-data request says it is drawn for, as sent (unchecked). No
 * chart (`sliceId` null): a query of the dashboard's own, its native filters' options.
 */
export interface DashboardContext {
  dashboardId: number;
  sliceId: number | null;
}

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The dashboard context of a chart-data request: the query context's `form_data` first (what
 * Superset reads, and what every batch entry carries), else the query string's `dashboard_id`
 * and `form_data.slice_id`. null when no dashboard is named; `sliceId` null when no chart is.
 */
export function dashboardContextOf(
  formData: Record<string, unknown> | null | undefined,
  fallback: { dashboardId?: unknown; sliceId?: unknown } = {},
): DashboardContext | null {
  const context = {
    dashboardId: positiveInt(formData?.dashboardId) ?? positiveInt(fallback.dashboardId),
    sliceId: positiveInt(formData?.slice_id) ?? positiveInt(fallback.sliceId),
  };
  return context.dashboardId !== null ? (context as DashboardContext) : null;
}

/** Whether the dashboard named by `context` grants the caller the data of `datasetId`. */
export async function dashboardGrantsDataset(
  ctx: AppContext,
  actor: Actor,
  context: DashboardContext,
  datasetId: number,
): Promise<boolean> {
  if (!ctx.config.featureFlags.DASHBOARD_RBAC || context.sliceId === null) return false;
  const user = actor.user;
  if (!user) return false;
  const db = ctx.store.db;
  const [record] = await dashboardRepository.records(db, [context.dashboardId]);
  if (!record || record.roles.length === 0) return false;
  if (!record.sliceIds.includes(context.sliceId)) return false;
  const [slice] = await dashboardRepository.slices(db, [context.sliceId]);
  const onDataset =
    slice?.datasource_id === datasetId &&
    (slice.datasource_type === null ||
      slice.datasource_type === 'table' ||
      slice.datasource_type === 'dataset');
  if (!onDataset) return false;
  if (record.ownerIds.includes(user.id)) return true;
  const held = new Set(Object.keys(user.roles));
  return Boolean(record.row.published) && record.roles.some((role) => held.has(role.name));
}
