import type { AppContext } from '../context.ts';
import type { DashboardContext } from '../dashboards/dataGrant.ts';
import type { Actor } from '../security/actor.ts';
import { embeddedRepository } from './repository.ts';

/**
 * What a guest of an embedded dashboard may read of chart data, and what its answers leave out
 * (Superset's `raise_for_access` for guests, and its ChartDataRestApi popping `query`).
 */

/**
 * Whether the guest's token grants the data of `datasetId` to a request drawn for `context`:
 * the dashboard is one the token grants (resolved to ids when the request was authenticated),
 * the chart is on it and built on that very dataset. A guest reads no other data, whatever its
 * role's grants say.
 */
export async function guestGrantsDataset(
  ctx: AppContext,
  actor: Actor,
  context: DashboardContext | null,
  datasetId: number,
): Promise<boolean> {
  if (!actor.guest || !context) return false;
  const { dashboardId, sliceId } = context;
  if (!actor.guest.resources.some((r) => r.id === String(dashboardId))) return false;
  return embeddedRepository.chartOnDashboardReads(ctx.store.db, dashboardId, sliceId, datasetId);
}

interface Answers {
  results: Record<string, unknown>[];
  json: string[];
  answer?: Buffer;
}

/** A guest's chart-data answers without the SQL they ran (`query`); others' as they are. */
export function withoutGeneratedSql<A extends Answers>(actor: Actor, outcome: A): A {
  if (!actor.guest) return outcome;
  const results = outcome.results.map(({ query: _query, ...rest }) => rest);
  return { ...outcome, results, json: results.map((r) => JSON.stringify(r)), answer: undefined };
}
