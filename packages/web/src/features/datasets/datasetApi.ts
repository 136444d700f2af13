import type { ListAnswer, ListQuery } from '@tessera/shared/api/common';
import type {
  DatabaseListAnswer,
  StringListAnswer,
  TableMetadataAnswer,
  TablesAnswer,
} from '@tessera/shared/api/databases';
import type {
  DatasetCreateBody,
  DatasetItem,
  DatasetListAnswer,
  DatasetUpdateBody,
  DistinctAnswer,
  RelatedObjectsAnswer,
} from '@tessera/shared/api/datasets';
import type { User } from '@tessera/shared/api/security';
import type { z } from 'zod';
import { api } from '../../app/api.ts';

const BASE = '/api/v1/dataset';

/** The POST answer: what was stored, and the datasource JSON explore reads. */
export interface DatasetCreateAnswer {
  id: number;
  result: Record<string, unknown>;
}

export interface TableRef {
  database: number;
  catalog?: string | null;
  schema: string;
  table_name: string;
}

/** Calls of `/api/v1/dataset/` (and the database look-ups the pages need), typed by `shared`. */
export const datasetApi = {
  list(q: ListQuery, signal?: AbortSignal) {
    return api.get<DatasetListAnswer>(`${BASE}/`, { signal, q });
  },
  get(id: number, signal?: AbortSignal) {
    return api.get<{ id: number; result: DatasetItem }>(`${BASE}/${id}`, { signal });
  },
  create(body: DatasetCreateBody) {
    return api.post<DatasetCreateAnswer>(`${BASE}/`, body);
  },
  update(id: number, body: DatasetUpdateBody) {
    return api.put<{ id: number; result: DatasetItem }>(`${BASE}/${id}`, body);
  },
  remove(id: number) {
    return api.delete<{ message: string }>(`${BASE}/${id}`);
  },
  bulkRemove(ids: number[]) {
    return api.delete<{ message: string }>(`${BASE}/`, { q: ids });
  },
  duplicate(baseModelId: number, tableName: string) {
    return api.post<DatasetCreateAnswer>(`${BASE}/duplicate`, {
      base_model_id: baseModelId,
      table_name: tableName,
    });
  },
  refresh(id: number) {
    return api.put<{ message: string }>(`${BASE}/${id}/refresh`);
  },
  relatedObjects(id: number, signal?: AbortSignal) {
    return api.get<RelatedObjectsAnswer>(`${BASE}/${id}/related_objects`, { signal });
  },
  schemasInUse(signal?: AbortSignal) {
    return api.get<z.infer<typeof DistinctAnswer>>(`${BASE}/distinct/schema`, { signal });
  },
  databases(signal?: AbortSignal) {
    return api.get<DatabaseListAnswer>('/api/v1/database/', {
      signal,
      q: {
        columns: ['id', 'database_name', 'backend'],
        order_column: 'database_name',
        order_direction: 'asc',
        page: 0,
        page_size: 1000,
      },
    });
  },
  schemas(databaseId: number, signal?: AbortSignal) {
    return api.get<StringListAnswer>(`/api/v1/database/${databaseId}/schemas/`, {
      signal,
      q: { force: false },
    });
  },
  tables(databaseId: number, schema: string, signal?: AbortSignal) {
    return api.get<TablesAnswer>(`/api/v1/database/${databaseId}/tables/`, {
      signal,
      q: { schema_name: schema, force: false },
    });
  },
  tableMetadata(databaseId: number, table: { name: string; schema: string }, signal?: AbortSignal) {
    return api.get<TableMetadataAnswer>(`/api/v1/database/${databaseId}/table_metadata/`, {
      signal,
      query: { name: table.name, schema: table.schema },
    });
  },
  /** Every user: the owners picker of admins (only admins may list users). */
  users(signal?: AbortSignal) {
    return api.get<ListAnswer<User>>('/api/v1/security/users/', { signal });
  },
};
