import type { ListAnswer, ListQuery } from '@tessera/shared/api/common';
import type { DatasetListAnswer } from '@tessera/shared/api/datasets';
import type {
  RlsCreateBody,
  RlsItemAnswer,
  RlsListAnswer,
  RlsUpdateBody,
} from '@tessera/shared/api/rls';
import type { Role } from '@tessera/shared/api/security';
import type { z } from 'zod';
import { api } from '../../app/api.ts';

const BASE = '/api/v1/rowlevelsecurity';

/** Calls of `/api/v1/rowlevelsecurity/` and the look-ups of its pickers (shapes in shared/api/rls.ts). */
export const rlsApi = {
  list(q: ListQuery, signal?: AbortSignal) {
    return api.get<RlsListAnswer>(`${BASE}/`, { signal, q });
  },
  get(id: number, signal?: AbortSignal) {
    return api.get<z.infer<typeof RlsItemAnswer>>(`${BASE}/${id}`, { signal });
  },
  create(body: RlsCreateBody) {
    return api.post<{ id: number; result: Record<string, unknown> }>(`${BASE}/`, body);
  },
  update(id: number, body: RlsUpdateBody) {
    return api.put<{ id: number; result: Record<string, unknown> }>(`${BASE}/${id}`, body);
  },
  remove(id: number) {
    return api.delete<{ message: string }>(`${BASE}/${id}`);
  },
  bulkRemove(ids: number[]) {
    return api.delete<{ message: string }>(`${BASE}/`, { q: ids });
  },
  roles(signal?: AbortSignal) {
    return api.get<ListAnswer<Role>>('/api/v1/security/roles/', { signal });
  },
  /** Datasets whose name contains `search`, for the rule's datasets picker. */
  datasets(search: string, signal?: AbortSignal) {
    return api.get<DatasetListAnswer>('/api/v1/dataset/', {
      signal,
      q: {
        columns: ['id', 'table_name', 'schema', 'database.database_name'],
        order_column: 'table_name',
        order_direction: 'asc',
        page: 0,
        page_size: 50,
        ...(search ? { filters: [{ col: 'table_name', opr: 'ct', value: search }] } : {}),
      },
    });
  },
};
