import type { SavedQueryListAnswer } from '@tessera/shared/api/savedQueries';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

/** A row of the saved-query list (the list columns the page asks for). */
export interface SavedQueryRow {
  id: number;
  label: string;
  description: string | null;
  sql: string | null;
  schema: string | null;
  catalog: string | null;
  database: { id: number; database_name: string } | null;
  changed_on_delta_humanized: string | null;
  last_run_delta_humanized: string | null;
  rows: number | null;
}

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

type Filter = { col: string; opr: string; value: string | number };

export function savedQueryFilters(search: string, databaseId?: number): Filter[] {
  const out: Filter[] = [];
  if (search) out.push({ col: 'label', opr: 'all_text', value: search });
  if (databaseId !== undefined) out.push({ col: 'database', opr: 'rel_o_m', value: databaseId });
  return out;
}

/** The calls of the saved-queries page (`/api/v1/saved_query/`). */
export const savedQueriesApi = {
  async list(params: ListParams, databaseId: number | undefined, signal?: AbortSignal) {
    const filters = savedQueryFilters(params.search, databaseId);
    const answer = await api.get<SavedQueryListAnswer>('/api/v1/saved_query/', {
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
    return { count: answer.count, result: answer.result as unknown as SavedQueryRow[] };
  },
  remove(id: number) {
    return api.delete<{ message: string }>(`/api/v1/saved_query/${id}`);
  },
  removeMany(ids: number[]) {
    return api.delete<{ message: string }>('/api/v1/saved_query/', { q: ids });
  },
  async databases(signal?: AbortSignal) {
    const answer = await api.get<{ result: { id: number; database_name: string }[] }>(
      '/api/v1/database/',
      {
        signal,
        q: { page: 0, page_size: 100, order_column: 'database_name', order_direction: 'asc' },
      },
    );
    return answer.result.map((db) => ({ id: db.id, name: db.database_name }));
  },
};

/** The address that opens a saved query in the SQL editor. */
export function savedQueryLink(id: number, origin = window.location.origin): string {
  return `${origin}/sqllab/?savedQueryId=${id}`;
}
