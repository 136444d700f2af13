import type { QueryItemAnswer, QueryListAnswer } from '@tessera/shared/api/sqllab';
import {
  ARROW_COLUMNS_METADATA_KEY,
  ARROW_STREAM_MEDIA_TYPE,
  type ResultColumnSchema,
} from '@tessera/shared/api/sqllab';
import { type Table, tableFromIPC } from 'apache-arrow';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

export interface HistoryFilters {
  databaseId?: number;
  status?: string;
  userId?: number;
}

type Filter = { col: string; opr: string; value: string | number };

/** `q.filters` of `GET /api/v1/query/` for the page's search and filters. */
export function historyFilters(search: string, filters: HistoryFilters): Filter[] {
  const out: Filter[] = [];
  if (search) out.push({ col: 'sql', opr: 'ct', value: search });
  if (filters.databaseId !== undefined)
    out.push({ col: 'database', opr: 'rel_o_m', value: filters.databaseId });
  if (filters.status) out.push({ col: 'status', opr: 'eq', value: filters.status });
  if (filters.userId !== undefined)
    out.push({ col: 'user', opr: 'rel_o_m', value: filters.userId });
  return out;
}

export interface NamedId {
  id: number;
  name: string;
}

/** The calls of the query history page. */
export const queryHistoryApi = {
  list(params: ListParams, filters: HistoryFilters, signal?: AbortSignal) {
    const applied = historyFilters(params.search, filters);
    return api.get<QueryListAnswer>('/api/v1/query/', {
      signal,
      q: {
        page: params.page,
        page_size: params.pageSize,
        order_column: params.sortField ?? 'start_time',
        order_direction: params.sortOrder ?? 'desc',
        ...(applied.length ? { filters: applied } : {}),
      },
    });
  },
  get(id: number, signal?: AbortSignal) {
    return api.get<z.infer<typeof QueryItemAnswer>>(`/api/v1/query/${id}`, { signal });
  },
  async databases(signal?: AbortSignal): Promise<NamedId[]> {
    const answer = await api.get<{ result: { id: number; database_name: string }[] }>(
      '/api/v1/database/',
      {
        signal,
        q: { page: 0, page_size: 100, order_column: 'database_name', order_direction: 'asc' },
      },
    );
    return answer.result.map((db) => ({ id: db.id, name: db.database_name }));
  },
  async users(signal?: AbortSignal): Promise<NamedId[]> {
    const answer = await api.get<{
      result: { id: number; first_name: string; last_name: string; username: string }[];
    }>('/api/v1/security/users/', { signal, q: { page: 0, page_size: 100 } });
    return answer.result.map((user) => ({
      id: user.id,
      name: `${user.first_name} ${user.last_name}`.trim() || user.username,
    }));
  },
  /** A run's stored rows as Arrow (columnar; no row objects). */
  async results(
    key: string,
    signal?: AbortSignal,
  ): Promise<{ table: Table; columns: ResultColumnSchema[] }> {
    const reply = await api.getBinary('/api/v1/sqllab/results/', {
      q: { key },
      accept: ARROW_STREAM_MEDIA_TYPE,
      signal,
    });
    const table = tableFromIPC(new Uint8Array(reply.body));
    const meta = table.schema.metadata.get(ARROW_COLUMNS_METADATA_KEY);
    return { table, columns: meta ? (JSON.parse(meta) as ResultColumnSchema[]) : [] };
  },
};

/** The address that opens a history entry in the SQL editor. */
export function editorLink(id: number, origin = window.location.origin): string {
  return `${origin}/sqllab/?queryId=${id}`;
}
