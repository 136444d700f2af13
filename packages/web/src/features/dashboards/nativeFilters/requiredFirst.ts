import { chartDataRoutes } from '@tessera/shared/api/routes/charts';
import { selectFilterQuery } from '@tessera/shared/dashboard/filterQueries';
import type { FilterConfigItem, NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import type { ApiClient } from '../../../app/api.ts';
import {
  columnOf,
  type DataMaskMap,
  type FilterValue,
  hasValue,
  nativeFiltersOf,
  selectDataMask,
} from './dataMask.ts';

/**
 * `requiredFirst`: a required value filter that selects its first value by default applies that
 * value from the charts' first query on, as Superset's charts wait for it. The page asks each
 * such filter's options before it asks for any chart (unless the address, a permalink or the
 * filter's default already gives it a value).
 */

/** The value filters whose first option must be known before the charts query. */
export function filtersNeedingFirstValue(
  config: readonly FilterConfigItem[] | undefined,
  given: DataMaskMap | null | undefined,
): NativeFilter[] {
  return nativeFiltersOf(config).filter(
    (filter) =>
      filter.requiredFirst === true &&
      filter.filterType === 'filter_select' &&
      !hasValue(given?.[filter.id]) &&
      !hasValue(filter.defaultDataMask),
  );
}

/**
 * The address's masks with each such filter's first option selected. A filter whose options
 * cannot be read is left without a value (its charts query unfiltered, as with no value).
 */
export async function withFirstValues(
  api: ApiClient,
  dashboardId: number,
  config: readonly FilterConfigItem[] | undefined,
  given: DataMaskMap | null | undefined,
): Promise<DataMaskMap | null | undefined> {
  const needed = filtersNeedingFirstValue(config, given);
  if (needed.length === 0) return given;
  const firsts = await Promise.all(
    needed.map(async (filter) => {
      try {
        const parents = (filter.cascadeParentIds ?? [])
          .map((id) => given?.[id])
          .filter((mask) => mask !== undefined);
        const answer = await api.call(chartDataRoutes.data, {
          body: selectFilterQuery(filter, { parents }),
          query: { dashboard_id: String(dashboardId) },
        });
        const row = answer.result[0]?.data?.[0] as Record<string, unknown> | undefined;
        if (!row || !(columnOf(filter) in row)) return null;
        return [filter.id, selectDataMask(filter, [row[columnOf(filter)] as FilterValue])] as const;
      } catch {
        return null;
      }
    }),
  );
  return {
    ...(given ?? {}),
    ...Object.fromEntries(firsts.filter((entry) => entry !== null)),
  };
}
