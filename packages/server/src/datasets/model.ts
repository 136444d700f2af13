import { type DatabaseRow, databaseRepository } from '../databases/repository.ts';
import {
  type ColumnRow,
  type DatasetRow,
  datasetRepository,
  type MetricRow,
  type UserName,
} from './repository.ts';
import type { Db } from './rules.ts';

export { parseJsonObject } from '@tessera/shared/json';

/**
 * A dataset with everything that hangs off it, as services and the query engine use it.
 * `columns` hold only active columns; inactive ones are kept for the editor (`allColumns`).
 */
export interface LoadedDataset {
  row: DatasetRow;
  database: DatabaseRow;
  columns: ColumnRow[];
  metrics: MetricRow[];
  ownerIds: number[];
  owners: UserName[];
  createdBy: UserName | null;
  changedBy: UserName | null;
}

export type DatasetKind = 'physical' | 'virtual';

export function kindOf(row: Pick<DatasetRow, 'sql'>): DatasetKind {
  return row.sql && row.sql.trim() !== '' ? 'virtual' : 'physical';
}

/** Loads datasets by id with their database, columns, metrics and owners (missing ids skipped). */
export async function loadDatasets(
  store: { db: Db },
  rows: DatasetRow[],
): Promise<LoadedDataset[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [columns, metrics, owners, databases] = await Promise.all([
    datasetRepository.columns(store.db, ids),
    datasetRepository.metrics(store.db, ids),
    datasetRepository.owners(store.db, ids),
    databaseRepository.list(store.db),
  ]);
  const userIds = [
    ...[...owners.values()].flat(),
    ...rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  ].filter((id): id is number => typeof id === 'number');
  const users = await datasetRepository.users(store.db, userIds);
  const byDatabase = new Map(databases.map((d) => [d.id, d]));
  const result: LoadedDataset[] = [];
  for (const row of rows) {
    const database = byDatabase.get(row.database_id);
    if (!database) continue;
    const ownerIds = owners.get(row.id) ?? [];
    result.push({
      row,
      database,
      columns: columns.filter((c) => c.table_id === row.id),
      metrics: metrics.filter((m) => m.table_id === row.id),
      ownerIds,
      owners: ownerIds.map((id) => users.get(id)).filter((u): u is UserName => Boolean(u)),
      createdBy: row.created_by_fk === null ? null : (users.get(row.created_by_fk) ?? null),
      changedBy: row.changed_by_fk === null ? null : (users.get(row.changed_by_fk) ?? null),
    });
  }
  return result;
}

/** One dataset with everything, or undefined when it does not exist. No permission check. */
export async function loadDataset(
  store: { db: Db },
  id: number,
): Promise<LoadedDataset | undefined> {
  const row = await datasetRepository.get(store.db, id);
  if (!row) return undefined;
  const [loaded] = await loadDatasets(store, [row]);
  return loaded;
}

/** Active columns: what explore, chart data and samples see. */
export function activeColumns(dataset: LoadedDataset): ColumnRow[] {
  return dataset.columns.filter((c) => c.is_active !== 0);
}
