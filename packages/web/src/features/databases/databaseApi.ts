import type { MessageAnswer } from '@tessera/shared/api/common';
import type {
  AvailableAnswer,
  DatabaseCreateBody,
  DatabaseItemAnswer,
  DatabaseListAnswer,
  DatabaseTestConnectionBody,
  DatabaseUpdateBody,
  StringListAnswer,
  TableMetadataAnswer,
  TablesAnswer,
} from '@tessera/shared/api/databases';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

const BASE = '/api/v1/database';

/** Calls of `/api/v1/database/` used by this feature (shapes in shared/api/databases.ts). */
export const databaseApi = {
  list(params: ListParams, signal?: AbortSignal) {
    return api.get<DatabaseListAnswer>(`${BASE}/`, {
      signal,
      q: {
        page: params.page,
        page_size: params.pageSize,
        order_column: params.sortField ?? 'changed_on_delta_humanized',
        order_direction: params.sortOrder ?? 'desc',
        ...(params.search
          ? { filters: [{ col: 'database_name', opr: 'ct', value: params.search }] }
          : {}),
      },
    });
  },
  available(signal?: AbortSignal) {
    return api.get<AvailableAnswer>(`${BASE}/available/`, { signal });
  },
  get(id: number, signal?: AbortSignal) {
    return api.get<DatabaseItemAnswer>(`${BASE}/${id}`, { signal });
  },
  create(body: DatabaseCreateBody) {
    return api.post<DatabaseItemAnswer>(`${BASE}/`, body);
  },
  update(id: number, body: DatabaseUpdateBody) {
    return api.put<DatabaseItemAnswer>(`${BASE}/${id}`, body);
  },
  remove(id: number) {
    return api.delete<z.infer<typeof MessageAnswer>>(`${BASE}/${id}`);
  },
  testConnection(body: DatabaseTestConnectionBody) {
    return api.post<z.infer<typeof MessageAnswer>>(`${BASE}/test_connection/`, body);
  },
  schemas(id: number, signal?: AbortSignal, force = false) {
    return api.get<StringListAnswer>(`${BASE}/${id}/schemas/`, { signal, q: { force } });
  },
  tables(id: number, schema: string, signal?: AbortSignal) {
    return api.get<TablesAnswer>(`${BASE}/${id}/tables/`, {
      signal,
      q: { schema_name: schema, force: false },
    });
  },
  tableMetadata(id: number, table: { name: string; schema: string }, signal?: AbortSignal) {
    return api.get<TableMetadataAnswer>(`${BASE}/${id}/table_metadata/`, {
      signal,
      query: { name: table.name, schema: table.schema },
    });
  },
};
