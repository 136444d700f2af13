import type { QueryContext } from '@tessera/shared/api/chartData';
import { rangeFilterQuery, selectFilterQuery } from '@tessera/shared/dashboard/filterQueries';
import type { DataMask, NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { fetchChartData } from '../../../app/asyncEvents.ts';
import { filtersRefreshSet } from '../state/dashboardSlice.ts';
import type { DashboardThunk } from '../state/store.ts';
import { columnOf, type FilterValue } from './dataMask.ts';

/**
 * A filter's options, asked through `POST /api/v1/chart/data` with the dashboard's id (so the
 * same access rules and cache apply as to its charts): a value filter's distinct values, a range
 * filter's minimum and maximum. The page's `isFiltersRefreshing` is set while any is on its way.
 */

type Row = Record<string, unknown>;

/** Option calls in flight per page (keyed by its services object). */
const inFlight = new WeakMap<object, number>();

function optionRows(body: QueryContext, signal?: AbortSignal): DashboardThunk<Promise<Row[]>> {
  return async (dispatch, getState, services) => {
    const dashboardId = getState().dashboardInfo.info?.id;
    const count = (inFlight.get(services) ?? 0) + 1;
    inFlight.set(services, count);
    if (count === 1) dispatch(filtersRefreshSet(true));
    try {
      // Through the async-aware fetch: with GLOBAL_ASYNC_QUERIES an uncached option query is a job.
      const answer = await fetchChartData(services.api, {
        body,
        signal,
        query: { dashboard_id: dashboardId === undefined ? undefined : String(dashboardId) },
      });
      const data = answer.result[0]?.data;
      return Array.isArray(data) ? (data as Row[]) : [];
    } finally {
      const left = (inFlight.get(services) ?? 1) - 1;
      inFlight.set(services, left);
      if (left === 0) dispatch(filtersRefreshSet(false));
    }
  };
}

const asValue = (value: unknown): FilterValue =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  value === null
    ? value
    : String(value);

export function fetchSelectOptions(
  filter: NativeFilter,
  options: { search?: string; parents?: readonly DataMask[]; signal?: AbortSignal },
): DashboardThunk<Promise<FilterValue[]>> {
  return async (dispatch) => {
    const query = selectFilterQuery(filter, { search: options.search, parents: options.parents });
    const rows = await dispatch(optionRows(query, options.signal));
    const column = columnOf(filter);
    return rows.map((row) => asValue(row[column]));
  };
}

export function fetchRangeBounds(
  filter: NativeFilter,
  options: { parents?: readonly DataMask[]; signal?: AbortSignal },
): DashboardThunk<Promise<{ min: number; max: number } | null>> {
  return async (dispatch) => {
    const query = rangeFilterQuery(filter, { parents: options.parents });
    const [row] = await dispatch(optionRows(query, options.signal));
    const min = Number(row?.min);
    const max = Number(row?.max);
    return row && Number.isFinite(min) && Number.isFinite(max) ? { min, max } : null;
  };
}
