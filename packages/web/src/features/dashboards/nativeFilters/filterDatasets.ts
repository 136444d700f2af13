import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { exploreApi } from '../../explore/exploreApi.ts';
import type { DashboardThunk } from '../state/store.ts';

/** What the config modal needs of a dataset: its columns (which are temporal) and metrics. */
export interface FilterDataset {
  id: number;
  name: string;
  columns: Array<{ name: string; label: string; temporal: boolean }>;
  metrics: string[];
}

/** Datasets whose name contains `search` (Explore's picker query), for the dataset select. */
export function searchDatasets(
  search: string,
  signal?: AbortSignal,
): DashboardThunk<Promise<Array<{ value: number; label: string }>>> {
  return async (_dispatch, _getState, { api }) => {
    const answer = await exploreApi(api).datasets(search, signal);
    return answer.result.map((row) => ({ value: Number(row.id), label: String(row.table_name) }));
  };
}

interface ColumnLike {
  column_name: string;
  verbose_name?: string | null;
  is_dttm?: boolean;
}

function filterDataset(
  id: number,
  name: string,
  columns: readonly ColumnLike[],
  metrics: ReadonlyArray<{ metric_name: string }>,
): FilterDataset {
  return {
    id,
    name,
    columns: columns.map((c) => ({
      name: c.column_name,
      label: c.verbose_name || c.column_name,
      temporal: Boolean(c.is_dttm),
    })),
    metrics: metrics.map((m) => m.metric_name),
  };
}

/** A dataset's columns and metrics: the dashboard's own copy when it has one, else the API's. */
export function loadFilterDataset(id: number): DashboardThunk<Promise<FilterDataset>> {
  return async (_dispatch, getState, { api }) => {
    const known = getState().dashboardInfo.datasources[`${id}__table`];
    if (known) return filterDataset(id, known.name, known.columns, known.metrics);
    const { result } = await api.call(datasetRoutes.get, { params: { pk: String(id) } });
    return filterDataset(id, result.table_name, result.columns, result.metrics);
  };
}
