import type { ListQuery } from '@tessera/shared/api/common';
import type { DatasetCreateBody, DatasetUpdateBody } from '@tessera/shared/api/datasets';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import { api } from '../../app/api.ts';

/** Calls of `/api/v1/dataset/` (and the database look-ups the pages need). */
export const datasetApi = {
  list: (q: ListQuery, signal?: AbortSignal) => api.call(datasetRoutes.list, { signal, q }),
  get: (id: number, signal?: AbortSignal) =>
    api.call(datasetRoutes.get, { signal, params: { pk: String(id) } }),
  create: (body: DatasetCreateBody) => api.call(datasetRoutes.create, { body }),
  update: (id: number, body: DatasetUpdateBody) =>
    api.call(datasetRoutes.update, { params: { pk: id }, body }),
  remove: (id: number) => api.call(datasetRoutes.delete, { params: { pk: id } }),
  bulkRemove: (ids: number[]) => api.call(datasetRoutes.bulkDelete, { q: ids }),
  duplicate: (baseModelId: number, tableName: string) =>
    api.call(datasetRoutes.duplicate, {
      body: { base_model_id: baseModelId, table_name: tableName },
    }),
  refresh: (id: number) => api.call(datasetRoutes.refresh, { params: { pk: id } }),
  relatedObjects: (id: number, signal?: AbortSignal) =>
    api.call(datasetRoutes.relatedObjects, { signal, params: { pk: String(id) } }),
  schemasInUse: (signal?: AbortSignal) =>
    api.call(datasetRoutes.distinct, { signal, params: { column: 'schema' } }),
  databases: (signal?: AbortSignal) =>
    api.call(databaseRoutes.list, {
      signal,
      q: {
        columns: ['id', 'database_name', 'backend'],
        order_column: 'database_name',
        order_direction: 'asc',
        page: 0,
        page_size: 1000,
      },
    }),
  schemas: (databaseId: number, signal?: AbortSignal) =>
    api.call(databaseRoutes.schemas, { signal, params: { pk: databaseId }, q: { force: false } }),
  tables: (databaseId: number, schema: string, signal?: AbortSignal) =>
    api.call(databaseRoutes.tables, {
      signal,
      params: { pk: databaseId },
      q: { schema_name: schema, force: false },
    }),
  tableMetadata: (
    databaseId: number,
    table: { name: string; schema: string },
    signal?: AbortSignal,
  ) =>
    api.call(databaseRoutes.tableMetadata, {
      signal,
      params: { pk: databaseId },
      query: { name: table.name, schema: table.schema },
    }),
  /** Every user: the owners picker of admins (only admins may list users). */
  users: (signal?: AbortSignal) => api.call(securityRoutes.users, { signal }),
};
