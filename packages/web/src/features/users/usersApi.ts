import type { ListAnswer } from '@tessera/shared/api/common';
import type { Role, User, UserCreate, UserUpdate } from '@tessera/shared/api/security';
import { api } from '../../app/api.ts';

const USERS = '/api/v1/security/users';
const ROLES = '/api/v1/security/roles';

export const usersApi = {
  list(signal?: AbortSignal) {
    return api.get<ListAnswer<User>>(`${USERS}/`, { signal });
  },
  create(body: UserCreate) {
    return api.post<{ id: number; result: User }>(`${USERS}/`, body);
  },
  update(id: number, body: UserUpdate) {
    return api.put<{ id: number; result: User }>(`${USERS}/${id}`, body);
  },
  remove(id: number) {
    return api.delete<{ message: string }>(`${USERS}/${id}`);
  },
  roles(signal?: AbortSignal) {
    return api.get<ListAnswer<Role>>(`${ROLES}/`, { signal });
  },
};
