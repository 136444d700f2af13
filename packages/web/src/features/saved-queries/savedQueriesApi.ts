import type { ListFilter } from '@tessera/shared/api/common';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { savedQueryRoutes } from '@tessera/shared/api/routes/savedQueries';
import type { SavedQueryItem } from '@tessera/shared/api/savedQueries';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

/** A row of the saved-query list: the fields of COLUMNS, which the list asks for by name. */
export type SavedQueryRow = Pick<
  SavedQueryItem,
  | 'id'
  | 'label'
  | 'description'
  | 'sql'
  | 'schema'
  | 'catalog'
  | 'database'
  | 'changed_on_delta_humanized'
  | 'last_run_delta_humanized'
  | 'rows'
>;

const COLUMNS = [
  'id',
  'label',
  'description',
  'sql',
  'schema',
  'catalog',
  'database.id',
  'database.database_name',
  'changed_on_delta_humanized',
  'last_run_delta_humanized',
  'rows',
];

export function savedQueryFilters(search: string, databaseId?: number): ListFilter[] {
  const out: ListFilter[] = [];
  if (search) out.push({ col: 'label', opr: 'all_text', value: search });
  if (databaseId !== undefined) out.push({ col: 'database', opr: 'rel_o_m', value: databaseId });
  return out;
}

/** The calls of the saved-queries page (`/api/v1/saved_query/`). */
export const savedQueriesApi = {
  async list(params: ListParams, databaseId: number | undefined, signal?: AbortSignal) {
    const filters = savedQueryFilters(params.search, databaseId);
    const answer = await api.call(savedQueryRoutes.list, {
      signal,
      q: {
        page: params.page,
        page_size: params.pageSize,
        order_column: params.sortField ?? 'changed_on_delta_humanized',
        order_direction: params.sortOrder ?? 'desc',
        columns: COLUMNS,
        ...(filters.length ? { filters } : {}),
      },
    });
    // The rows carry every field of COLUMNS because the call names them.
    return { count: answer.count, result: answer.result as SavedQueryRow[] };
  },
  remove: (id: number) => api.call(savedQueryRoutes.delete, { params: { pk: id } }),
  removeMany: (ids: number[]) => api.call(savedQueryRoutes.bulkDelete, { q: ids }),
  async databases(signal?: AbortSignal) {
    const answer = await api.call(databaseRoutes.list, {
      signal,
      q: { page: 0, page_size: 100, order_column: 'database_name', order_direction: 'asc' },
    });
    return answer.result.map((db) => ({ id: Number(db.id), name: String(db.database_name) }));
  },
};

/** The address that opens a saved query in the SQL editor. */
export function savedQueryLink(id: number, origin = window.location.origin): string {
  return `${origin}/sqllab/?savedQueryId=${id}`;
}
