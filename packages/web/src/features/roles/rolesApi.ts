import type { ListAnswer } from '@tessera/shared/api/common';
import type { DatabaseListAnswer, StringListAnswer } from '@tessera/shared/api/databases';
import type { Role, RoleInput } from '@tessera/shared/api/security';
import { api } from '../../app/api.ts';

const ROLES = '/api/v1/security/roles';

export type PermissionPairs = Array<[string, string]>;

export const rolesApi = {
  list(signal?: AbortSignal) {
    return api.get<ListAnswer<Role>>(`${ROLES}/`, { signal });
  },
  create(body: RoleInput) {
    return api.post<{ id: number; result: Role }>(`${ROLES}/`, body);
  },
  update(id: number, body: Partial<RoleInput>) {
    return api.put<{ id: number; result: Role }>(`${ROLES}/${id}`, body);
  },
  remove(id: number) {
    return api.delete<{ message: string }>(`${ROLES}/${id}`);
  },
  permissions(signal?: AbortSignal) {
    return api.get<{ result: PermissionPairs }>('/api/v1/security/permissions/', { signal });
  },
  /** Databases to grant access to (name and id build the grant's view name). */
  databases(signal?: AbortSignal) {
    return api.get<DatabaseListAnswer>('/api/v1/database/', {
      signal,
      q: {
        columns: ['id', 'database_name'],
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
};
