import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import type { RoleInput } from '@tessera/shared/api/security';
import { api } from '../../app/api.ts';

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
  schemas: (databaseId: number, signal?: AbortSignal) =>
    api.call(databaseRoutes.schemas, { signal, params: { pk: databaseId }, q: { force: false } }),
};
