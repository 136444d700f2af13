import type { ListQuery } from '@tessera/shared/api/common';
import { chartRoutes } from '@tessera/shared/api/routes/charts';
import { api } from '../../app/api.ts';

/** Calls of the chart list page; Explore's own calls are in features/explore/exploreApi.ts. */
export const chartListApi = {
  list: (q: ListQuery, signal?: AbortSignal) => api.call(chartRoutes.list, { signal, q }),
  remove: (id: number) => api.call(chartRoutes.delete, { params: { pk: id } }),
  bulkRemove: (ids: number[]) => api.call(chartRoutes.bulkDelete, { q: ids }),
  owners: (signal?: AbortSignal) =>
    api.call(chartRoutes.related, {
      signal,
      params: { column: 'owners' },
      q: { page: 0, page_size: 100 },
    }),
  async favoriteStatus(ids: number[], signal?: AbortSignal): Promise<Record<number, boolean>> {
    if (ids.length === 0) return {};
    const answer = await api.call(chartRoutes.favoriteStatus, { signal, q: ids });
    return Object.fromEntries(answer.result.map((r) => [r.id, r.value]));
  },
  async setFavorite(id: number, starred: boolean) {
    await api.call(starred ? chartRoutes.addFavorite : chartRoutes.removeFavorite, {
      params: { pk: id },
    });
  },
};
