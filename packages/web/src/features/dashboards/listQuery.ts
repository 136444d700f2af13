import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import type { ListParams } from '../../components/ListView.tsx';
import { listPageQuery } from '../../components/lists/listQuery.ts';

/** The filters of the dashboard list above the table (undefined: not filtered). */
export interface DashboardFilters {
  owner?: number;
  status?: 'published' | 'draft';
  favorite?: boolean;
  certified?: boolean;
}

const ORDER_COLUMNS: Record<string, string> = {
  changed_by_name: 'changed_by.first_name',
  status: 'published',
};

/** The rison `q` of `GET /api/v1/dashboard/` for one page, as Superset's dashboard list sends it. */
export function dashboardListQuery(params: ListParams, filters: DashboardFilters): ListQuery {
  const conditions: ListFilter[] = [];
  if (params.search) {
    conditions.push({
      col: 'dashboard_title',
      opr: 'dashboard_title_or_slug',
      value: params.search,
    });
  }
  if (filters.owner !== undefined) {
    conditions.push({ col: 'owners', opr: 'rel_m_m', value: filters.owner });
  }
  if (filters.status !== undefined) {
    conditions.push({ col: 'published', opr: 'eq', value: filters.status === 'published' });
  }
  if (filters.favorite !== undefined) {
    conditions.push({ col: 'id', opr: 'dashboard_is_favorite', value: filters.favorite });
  }
  if (filters.certified !== undefined) {
    conditions.push({ col: 'id', opr: 'dashboard_is_certified', value: filters.certified });
  }
  return listPageQuery(params, conditions, ORDER_COLUMNS);
}

/** The ListView's reset key for the dashboard filters (the same filters in any order, the same key). */
export { filtersKey as dashboardFiltersKey } from '../../components/lists/listQuery.ts';
