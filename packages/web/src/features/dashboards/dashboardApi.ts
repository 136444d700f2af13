import type { ListQuery } from '@tessera/shared/api/common';
import type {
  CssTemplateItem,
  DashboardChart,
  DashboardColorsBody,
  DashboardCopyBody,
  DashboardItem,
  DashboardListAnswer,
  DashboardPermalinkState,
  DashboardPermalinkValue,
  DashboardUpdateBody,
  DashboardWriteAnswer,
  RelatedAnswer as RelatedAnswerSchema,
} from '@tessera/shared/api/dashboards';
import { normaliseErrorReply } from '@tessera/shared/clientErrors';
import type { z } from 'zod';
import { type ApiClient, ClientError } from '../../app/api.ts';

const BASE = '/api/v1/dashboard';

/** The dashboard page's first reads; the router prefetches them as soon as the route matches. */
export const dashboardReadPaths = {
  item: (idOrSlug: string | number) => `${BASE}/${idOrSlug}`,
  charts: (idOrSlug: string | number) => `${BASE}/${idOrSlug}/charts`,
  datasets: (idOrSlug: string | number) => `${BASE}/${idOrSlug}/datasets`,
};

export type RelatedAnswer = z.infer<typeof RelatedAnswerSchema>;

/** Every call of the dashboard pages (list and dashboard), typed with the shared contract. */
export function dashboardApi(api: ApiClient) {
  return {
    list: (q: ListQuery, signal?: AbortSignal) =>
      api.get<DashboardListAnswer>(`${BASE}/`, { q, signal }),
    create: (title: string) =>
      api.post<DashboardWriteAnswer>(`${BASE}/`, { dashboard_title: title }),
    remove: (id: number) => api.delete<{ message: string }>(`${BASE}/${id}`),
    bulkRemove: (ids: number[]) => api.delete<{ message: string }>(`${BASE}/`, { q: ids }),
    owners: (signal?: AbortSignal) =>
      api.get<RelatedAnswer>(`${BASE}/related/owners`, { q: { page: 0, page_size: 100 }, signal }),
    relatedOwners: (filter: string, signal?: AbortSignal) =>
      api.get<RelatedAnswer>(`${BASE}/related/owners`, {
        q: { filter, page: 0, page_size: 100 },
        signal,
      }),
    relatedRoles: (filter: string, signal?: AbortSignal) =>
      api.get<RelatedAnswer>(`${BASE}/related/roles`, {
        q: { filter, page: 0, page_size: 100 },
        signal,
      }),
    async favoriteStatus(ids: number[], signal?: AbortSignal): Promise<Record<number, boolean>> {
      if (ids.length === 0) return {};
      const answer = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
        `${BASE}/favorite_status/`,
        { q: ids, signal },
      );
      return Object.fromEntries(answer.result.map((r) => [r.id, r.value]));
    },
    async setFavorite(id: number, starred: boolean) {
      if (starred) await api.post(`${BASE}/${id}/favorites/`);
      else await api.delete(`${BASE}/${id}/favorites/`);
    },
    exportZip: (ids: number[]) => api.getBinary(`${BASE}/export/`, { q: ids }),

    get: (idOrSlug: string | number, signal?: AbortSignal) =>
      api.get<{ result: DashboardItem }>(dashboardReadPaths.item(idOrSlug), { signal }),
    charts: (idOrSlug: string | number, signal?: AbortSignal) =>
      api.get<{ result: DashboardChart[] }>(dashboardReadPaths.charts(idOrSlug), { signal }),
    datasets: (idOrSlug: string | number, signal?: AbortSignal) =>
      api.get<{ result: Array<Record<string, unknown>> }>(dashboardReadPaths.datasets(idOrSlug), {
        signal,
      }),
    update: (id: number, body: DashboardUpdateBody) =>
      api.put<DashboardWriteAnswer>(`${BASE}/${id}`, body),
    copy: (id: number, body: DashboardCopyBody) =>
      api.post<{ result: { id: number; last_modified_time: number } }>(`${BASE}/${id}/copy/`, body),
    colors: (id: number, body: DashboardColorsBody) =>
      api.put<DashboardWriteAnswer>(`${BASE}/${id}/colors`, body, {
        query: { mark_updated: 'false' },
      }),
    createPermalink: (id: number, state: DashboardPermalinkState) =>
      api.post<{ key: string; url: string }>(`${BASE}/${id}/permalink`, state),
    readPermalink: (key: string, signal?: AbortSignal) =>
      api.get<DashboardPermalinkValue>(`${BASE}/permalink/${key}`, { signal }),
    cssTemplates: (signal?: AbortSignal) =>
      api.get<{ result: CssTemplateItem[] }>('/api/v1/css_template/', {
        q: { page: 0, page_size: 100, order_column: 'template_name', order_direction: 'asc' },
        signal,
      }),
  };
}

export type DashboardApi = ReturnType<typeof dashboardApi>;

/**
 * `POST /api/v1/dashboard/import/`: the ZIP as multipart field `formData`. Multipart is the one
 * body the JSON client does not send, so this goes through fetch with the client's CSRF token.
 */
export async function importDashboards(
  file: File,
  options: { overwrite?: boolean; passwords?: Record<string, string> } = {},
): Promise<{ message: string }> {
  const tokenReply = await fetch('/api/v1/security/csrf_token/', { credentials: 'same-origin' });
  const token = tokenReply.ok ? ((await tokenReply.json()) as { result?: string }).result : null;
  const form = new FormData();
  form.append('formData', file);
  form.append('overwrite', options.overwrite ? 'true' : 'false');
  if (options.passwords) form.append('passwords', JSON.stringify(options.passwords));
  const reply = await fetch(`${BASE}/import/`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: token ? { 'X-CSRFToken': token, Accept: 'application/json' } : {},
  });
  const text = await reply.text();
  if (!reply.ok) {
    throw new ClientError(normaliseErrorReply(reply.status, text));
  }
  return text ? (JSON.parse(text) as { message: string }) : { message: 'OK' };
}
