import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import type { RoleInput } from '@tessera/shared/api/security';
import { api } from '../../app/api.ts';

/** Datasets the dataset-access picker lists at once; typing narrows them on the server. */
export const DATASET_PAGE_SIZE = 100;

export type PermissionPairs = Array<[string, string]>;

export const rolesApi = {
  list: (signal?: AbortSignal) => api.call(securityRoutes.roles, { signal }),
  create: (body: RoleInput) => api.call(securityRoutes.createRole, { body }),
  update: (id: number, body: Partial<RoleInput>) =>
    api.call(securityRoutes.updateRole, { params: { pk: id }, body }),
  remove: (id: number) => api.call(securityRoutes.deleteRole, { params: { pk: id } }),
  permissions: (signal?: AbortSignal) => api.call(securityRoutes.permissions, { signal }),
  /** Databases to grant access to (name and id build the grant's view name). */
  databases: (signal?: AbortSignal) =>
    api.call(databaseRoutes.list, {
      signal,
      q: {
        columns: ['id', 'database_name'],
        order_column: 'database_name',
        order_direction: 'asc',
        page: 0,
        page_size: 1000,
      },
    }),
  /** Datasets to grant one by one: the first page by name, or those whose name holds `search`. */
  datasets: (search: string, signal?: AbortSignal) =>
    api.call(datasetRoutes.list, {
      signal,
      q: {
        columns: ['id', 'table_name', 'database.database_name'],
        filters: search ? [{ col: 'table_name', opr: 'ct', value: search }] : [],
        order_column: 'table_name',
        order_direction: 'asc',
        page: 0,
        page_size: DATASET_PAGE_SIZE,
      },
    }),
  schemas: (databaseId: number, signal?: AbortSignal) =>
    api.call(databaseRoutes.schemas, { signal, params: { pk: databaseId }, q: { force: false } }),
};
