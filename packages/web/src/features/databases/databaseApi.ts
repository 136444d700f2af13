import type {
  DatabaseCreateBody,
  DatabaseTestConnectionBody,
  DatabaseUpdateBody,
} from '@tessera/shared/api/databases';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

/** Calls of `/api/v1/database/` used by this feature (routes in shared/api/routes/databases.ts). */
export const databaseApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.call(databaseRoutes.list, {
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
    }),
  available: (signal?: AbortSignal) => api.call(databaseRoutes.available, { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.call(databaseRoutes.get, { signal, params: { pk: id } }),
  create: (body: DatabaseCreateBody) => api.call(databaseRoutes.create, { body }),
  update: (id: number, body: DatabaseUpdateBody) =>
    api.call(databaseRoutes.update, { params: { pk: id }, body }),
  remove: (id: number) => api.call(databaseRoutes.delete, { params: { pk: id } }),
  testConnection: (body: DatabaseTestConnectionBody) =>
    api.call(databaseRoutes.testConnection, { body }),
  schemas: (id: number, signal?: AbortSignal, force = false) =>
    api.call(databaseRoutes.schemas, { signal, params: { pk: id }, q: { force } }),
  tables: (id: number, schema: string, signal?: AbortSignal) =>
    api.call(databaseRoutes.tables, {
      signal,
      params: { pk: id },
      q: { schema_name: schema, force: false },
    }),
  tableMetadata: (id: number, table: { name: string; schema: string }, signal?: AbortSignal) =>
    api.call(databaseRoutes.tableMetadata, {
      signal,
      params: { pk: id },
      query: { name: table.name, schema: table.schema },
    }),
};
