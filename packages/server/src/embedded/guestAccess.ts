import { migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import type { AppContext } from '../context.ts';
import type { DashboardContext } from '../dashboards/dataGrant.ts';
import type { Actor } from '../security/actor.ts';
import { embeddedRepository } from './repository.ts';

/**
 * What a guest of an embedded dashboard may read of chart data, and what its answers leave out
 * (Superset's `raise_for_access` for guests, and its ChartDataRestApi popping `query`).
 */

/** A native filter as far as a guest's option queries need it. */
export interface FilterTarget {
  filterType: string;
  column: string | null;
  sortMetric: string | null;
}

/** The native filters of a dashboard that read `datasetId`, with the column each reads. */
export async function filtersReading(
  ctx: AppContext,
  dashboardId: number,
  datasetId: number,
): Promise<FilterTarget[]> {
  const text = await embeddedRepository.dashboardMetadata(ctx.store.db, dashboardId);
  if (text === undefined) return [];
  const config = migrateJsonMetadata(text).native_filter_configuration ?? [];
  return config.flatMap((item) => {
    const filter = item as {
      filterType?: unknown;
      sortMetric?: unknown;
      targets?: Array<{ datasetId?: unknown; column?: { name?: unknown } }>;
    };
    const targets = Array.isArray(filter.targets) ? filter.targets : [];
    return targets
      .filter((target) => target?.datasetId === datasetId)
      .map((target) => ({
        filterType: String(filter.filterType ?? ''),
        column: typeof target.column?.name === 'string' ? target.column.name : null,
        sortMetric: typeof filter.sortMetric === 'string' ? filter.sortMetric : null,
      }));
  });
}

/**
 * Whether the guest's token grants the data of `datasetId` to a request drawn for `context`:
 * the dashboard is one the token grants (resolved to ids when the request was authenticated),
 * and either the chart is on it and built on that very dataset, or, for a request naming no
 * chart (a native filter's options), one of the dashboard's native filters reads that dataset
 * (Superset's native-filter branch of `raise_for_access`). A guest reads no other data,
 * whatever its role's grants say.
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
  if (sliceId === null) return (await filtersReading(ctx, dashboardId, datasetId)).length > 0;
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
