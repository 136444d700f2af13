import type { ListFilter } from '@tessera/shared/api/common';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { queryRoutes } from '@tessera/shared/api/routes/queries';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import { sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import {
  ARROW_COLUMNS_METADATA_KEY,
  ARROW_STREAM_MEDIA_TYPE,
  type ResultColumnSchema,
} from '@tessera/shared/api/sqllab';
import { type Table, tableFromIPC } from 'apache-arrow';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

export interface HistoryFilters {
  databaseId?: number;
  status?: string;
  userId?: number;
}

/** `q.filters` of `GET /api/v1/query/` for the page's search and filters. */
export function historyFilters(search: string, filters: HistoryFilters): ListFilter[] {
  const out: ListFilter[] = [];
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
    return api.call(queryRoutes.list, {
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
  get: (id: number, signal?: AbortSignal) =>
    api.call(queryRoutes.get, { signal, params: { pk: id } }),
  async databases(signal?: AbortSignal): Promise<NamedId[]> {
    const answer = await api.call(databaseRoutes.list, {
      signal,
      q: { page: 0, page_size: 100, order_column: 'database_name', order_direction: 'asc' },
    });
    return answer.result.map((db) => ({ id: Number(db.id), name: String(db.database_name) }));
  },
  async users(signal?: AbortSignal): Promise<NamedId[]> {
    const answer = await api.call(securityRoutes.users, { signal });
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
    const reply = await api.callBinary(sqllabRoutes.results, {
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
