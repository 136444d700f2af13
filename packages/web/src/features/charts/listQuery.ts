import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import type { ListParams } from '../../components/ListView.tsx';
import { listPageQuery } from '../../components/lists/listQuery.ts';

/** The filters of the chart list above the table (undefined: not filtered). */
export interface ChartFilters {
  owner?: number;
  vizType?: string;
  datasetId?: number;
  dashboardId?: number;
  favorite?: boolean;
  certified?: boolean;
}

const ORDER_COLUMNS: Record<string, string> = {
  datasource_name_text: 'datasource_name',
  changed_by_name: 'changed_by.first_name',
};

/** The rison `q` of `GET /api/v1/chart/` for one page, as Superset's chart list sends it. */
export function chartListQuery(params: ListParams, filters: ChartFilters): ListQuery {
  const conditions: ListFilter[] = [];
  if (params.search)
    conditions.push({ col: 'slice_name', opr: 'chart_all_text', value: params.search });
  if (filters.owner !== undefined)
    conditions.push({ col: 'owners', opr: 'rel_m_m', value: filters.owner });
  if (filters.vizType !== undefined)
    conditions.push({ col: 'viz_type', opr: 'eq', value: filters.vizType });
  if (filters.datasetId !== undefined)
    conditions.push({ col: 'datasource_id', opr: 'eq', value: filters.datasetId });
  if (filters.dashboardId !== undefined)
    conditions.push({ col: 'dashboards', opr: 'rel_m_m', value: filters.dashboardId });
  if (filters.favorite !== undefined)
    conditions.push({ col: 'id', opr: 'chart_is_favorite', value: filters.favorite });
  if (filters.certified !== undefined)
    conditions.push({ col: 'id', opr: 'chart_is_certified', value: filters.certified });
  return listPageQuery(params, conditions, ORDER_COLUMNS);
}

/** The ListView's reset key for the chart filters (the same filters in any order, the same key). */
export { filtersKey as chartFiltersKey } from '../../components/lists/listQuery.ts';
