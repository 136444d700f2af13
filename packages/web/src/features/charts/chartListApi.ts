import type { ChartListAnswer, RelatedAnswer } from '@tessera/shared/api/charts';
import type { ListQuery } from '@tessera/shared/api/common';
import { api } from '../../app/api.ts';

const BASE = '/api/v1/chart';

/** Calls of the chart list page; Explore's own calls are in features/explore/exploreApi.ts. */
export const chartListApi = {
  list(q: ListQuery, signal?: AbortSignal) {
    return api.get<ChartListAnswer>(`${BASE}/`, { signal, q });
  },
  remove(id: number) {
    return api.delete<{ message: string }>(`${BASE}/${id}`);
  },
  bulkRemove(ids: number[]) {
    return api.delete<{ message: string }>(`${BASE}/`, { q: ids });
  },
  owners(signal?: AbortSignal) {
    return api.get<RelatedAnswer>(`${BASE}/related/owners`, {
      signal,
      q: { page: 0, page_size: 100 },
    });
  },
  async favoriteStatus(ids: number[], signal?: AbortSignal): Promise<Record<number, boolean>> {
    if (ids.length === 0) return {};
    const answer = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
      `${BASE}/favorite_status/`,
      { signal, q: ids },
    );
    return Object.fromEntries(answer.result.map((r) => [r.id, r.value]));
  },
  async setFavorite(id: number, starred: boolean) {
    if (starred) await api.post(`${BASE}/${id}/favorites/`);
    else await api.delete(`${BASE}/${id}/favorites/`);
  },
};
