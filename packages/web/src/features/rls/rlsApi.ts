import type { ListQuery } from '@tessera/shared/api/common';
import type { RlsCreateBody, RlsUpdateBody } from '@tessera/shared/api/rls';
import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { rlsRoutes } from '@tessera/shared/api/routes/rls';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import { api } from '../../app/api.ts';

/** Calls of `/api/v1/rowlevelsecurity/` and the look-ups of its pickers. */
export const rlsApi = {
  list: (q: ListQuery, signal?: AbortSignal) => api.call(rlsRoutes.list, { signal, q }),
  get: (id: number, signal?: AbortSignal) =>
    api.call(rlsRoutes.get, { signal, params: { pk: id } }),
  create: (body: RlsCreateBody) => api.call(rlsRoutes.create, { body }),
  update: (id: number, body: RlsUpdateBody) =>
    api.call(rlsRoutes.update, { params: { pk: id }, body }),
  remove: (id: number) => api.call(rlsRoutes.delete, { params: { pk: id } }),
  bulkRemove: (ids: number[]) => api.call(rlsRoutes.bulkDelete, { q: ids }),
  roles: (signal?: AbortSignal) => api.call(securityRoutes.roles, { signal }),
  /** Datasets whose name contains `search`, for the rule's datasets picker. */
  datasets: (search: string, signal?: AbortSignal) =>
    api.call(datasetRoutes.list, {
      signal,
      q: {
        columns: ['id', 'table_name', 'schema', 'database.database_name'],
        order_column: 'table_name',
        order_direction: 'asc',
        page: 0,
        page_size: 50,
        ...(search ? { filters: [{ col: 'table_name', opr: 'ct', value: search }] } : {}),
      },
    }),
};
