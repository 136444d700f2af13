import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import type { ListParams } from '../../components/ListView.tsx';
import { listPageQuery } from '../../components/lists/listQuery.ts';

/** The filters of the dataset list above the table (undefined: not filtered). */
export interface DatasetFilters {
  database?: number;
  schema?: string;
  owner?: number;
  kind?: 'physical' | 'virtual';
  certified?: boolean;
}

/** Which list column the table's sort keys map to (the rest sort by their own name). */
const ORDER_COLUMNS: Record<string, string> = {
  database: 'database.database_name',
  changed_by: 'changed_by.first_name',
};

/** The rison `q` of `GET /api/v1/dataset/` for a page of the list, as Superset's list sends it. */
export function datasetListQuery(params: ListParams, filters: DatasetFilters): ListQuery {
  const conditions: ListFilter[] = [];
  if (params.search) conditions.push({ col: 'table_name', opr: 'ct', value: params.search });
  if (filters.database !== undefined)
    conditions.push({ col: 'database', opr: 'rel_o_m', value: filters.database });
  if (filters.schema !== undefined)
    conditions.push({ col: 'schema', opr: 'eq', value: filters.schema });
  if (filters.owner !== undefined)
    conditions.push({ col: 'owners', opr: 'rel_m_m', value: filters.owner });
  if (filters.kind !== undefined)
    conditions.push({
      col: 'sql',
      opr: 'dataset_is_null_or_empty',
      value: filters.kind === 'physical',
    });
  if (filters.certified !== undefined)
    conditions.push({ col: 'id', opr: 'dataset_is_certified', value: filters.certified });
  return listPageQuery(params, conditions, ORDER_COLUMNS);
}

/** A stable text for "the filters changed" (the list then goes back to its first page). */
export { filtersKey } from '../../components/lists/listQuery.ts';
