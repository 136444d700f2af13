import { isAdmin } from '@tessera/shared/permissions';
import type { AppContext } from '../context.ts';
import { canAccessDataset } from '../datasets/access.ts';
import { type LoadedDataset, loadDatasets } from '../datasets/model.ts';
import { datasetRepository } from '../datasets/repository.ts';
import { type Actor, rolesOf } from '../security/actor.ts';
import { chartRepository, type DashboardRef, type Person, type SliceRow } from './repository.ts';

/**
 * A chart with what hangs off it (owners, dashboards, its dataset, the people it names), loaded
 * in a handful of queries for any number of charts.
 */
export interface ChartRecord {
  row: SliceRow;
  ownerIds: number[];
  dashboardIds: number[];
  /** The chart's dataset, or null when it is gone or not a table datasource. */
  dataset: LoadedDataset | null;
}

export interface ChartLookups {
  users: Map<number, Person>;
  dashboards: Map<number, DashboardRef>;
}

const TABLE_TYPES = new Set(['table', 'dataset', 'sl_table']);

export const isTableDatasource = (type: string | null | undefined) =>
  type !== null && type !== undefined && TABLE_TYPES.has(type);

export async function loadCharts(
  ctx: AppContext,
  rows: SliceRow[],
): Promise<{ records: ChartRecord[]; lookups: ChartLookups }> {
  const db = ctx.store.db;
  const ids = rows.map((r) => r.id);
  const datasetIds = new Set(
    rows
      .filter((r) => isTableDatasource(r.datasource_type) && r.datasource_id !== null)
      .map((r) => r.datasource_id as number),
  );
  const [owners, dashboardIds, datasetRows] = await Promise.all([
    chartRepository.owners(db, ids),
    chartRepository.dashboardIds(db, ids),
    datasetIds.size
      ? datasetRepository.list(db).then((all) => all.filter((d) => datasetIds.has(d.id)))
      : Promise.resolve([]),
  ]);
  const datasets = new Map((await loadDatasets(ctx.store, datasetRows)).map((d) => [d.row.id, d]));
  const records = rows.map((row) => ({
    row,
    ownerIds: owners.get(row.id) ?? [],
    dashboardIds: dashboardIds.get(row.id) ?? [],
    dataset:
      isTableDatasource(row.datasource_type) && row.datasource_id !== null
        ? (datasets.get(row.datasource_id) ?? null)
        : null,
  }));
  const userIds = records.flatMap((r) => [
    ...r.ownerIds,
    ...[r.row.created_by_fk, r.row.changed_by_fk, r.row.last_saved_by_fk].filter(
      (id): id is number => id !== null,
    ),
  ]);
  const [users, dashboards] = await Promise.all([
    chartRepository.users(db, userIds),
    chartRepository.dashboards(
      db,
      records.flatMap((r) => r.dashboardIds),
    ),
  ]);
  return { records, lookups: { users, dashboards } };
}

/**
 * Whether the caller may see a chart: admins see all; others need access to its dataset
 * (datasource, schema or database grants, all_datasource_access, or owning the dataset), as
 * Superset's ChartFilter decides. A chart whose dataset is gone is visible to admins only.
 */
export function canSeeChart(actor: Actor, record: ChartRecord): boolean {
  const principal = rolesOf(actor);
  if (isAdmin(principal)) return true;
  return record.dataset !== null && canAccessDataset(principal, record.dataset, actor.user?.id);
}

export function isChartOwner(actor: Actor, record: ChartRecord): boolean {
  if (isAdmin(rolesOf(actor))) return true;
  const userId = actor.user?.id;
  return typeof userId === 'number' && record.ownerIds.includes(userId);
}
