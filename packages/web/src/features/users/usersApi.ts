import { securityRoutes } from '@tessera/shared/api/routes/security';
import type { UserCreate, UserUpdate } from '@tessera/shared/api/security';
import { api } from '../../app/api.ts';

export const usersApi = {
  list: (signal?: AbortSignal) => api.call(securityRoutes.users, { signal }),
  create: (body: UserCreate) => api.call(securityRoutes.createUser, { body }),
  update: (id: number, body: UserUpdate) =>
    api.call(securityRoutes.updateUser, { params: { pk: id }, body }),
  remove: (id: number) => api.call(securityRoutes.deleteUser, { params: { pk: id } }),
  roles: (signal?: AbortSignal) => api.call(securityRoutes.roles, { signal }),
};
