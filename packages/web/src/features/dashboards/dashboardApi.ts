import type { ListQuery } from '@tessera/shared/api/common';
import type {
  DashboardColorsBody,
  DashboardCopyBody,
  DashboardPermalinkState,
  DashboardUpdateBody,
  RelatedAnswer as RelatedAnswerSchema,
} from '@tessera/shared/api/dashboards';
import { routePath } from '@tessera/shared/api/route';
import { cssTemplateRoutes, dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import { normaliseErrorReply } from '@tessera/shared/clientErrors';
import type { z } from 'zod';
import { type ApiClient, ClientError } from '../../app/api.ts';

const BASE = '/api/v1/dashboard';

/** The dashboard page's first reads; the router prefetches them as soon as the route matches. */
export const dashboardReadPaths = {
  item: (idOrSlug: string | number) =>
    routePath(dashboardRoutes.get.path, { id_or_slug: idOrSlug }),
  charts: (idOrSlug: string | number) =>
    routePath(dashboardRoutes.charts.path, { id_or_slug: idOrSlug }),
  datasets: (idOrSlug: string | number) =>
    routePath(dashboardRoutes.datasets.path, { id_or_slug: idOrSlug }),
};

export type RelatedAnswer = z.infer<typeof RelatedAnswerSchema>;

const firstPage = { page: 0, page_size: 100 };

/** Every call of the dashboard pages (list and dashboard), through the shared routes. */
export function dashboardApi(api: ApiClient) {
  return {
    list: (q: ListQuery, signal?: AbortSignal) => api.call(dashboardRoutes.list, { q, signal }),
    create: (title: string) =>
      api.call(dashboardRoutes.create, { body: { dashboard_title: title } }),
    remove: (id: number) => api.call(dashboardRoutes.delete, { params: { pk: id } }),
    bulkRemove: (ids: number[]) => api.call(dashboardRoutes.bulkDelete, { q: ids }),
    owners: (signal?: AbortSignal) =>
      api.call(dashboardRoutes.related, { params: { column: 'owners' }, q: firstPage, signal }),
    relatedOwners: (filter: string, signal?: AbortSignal) =>
      api.call(dashboardRoutes.related, {
        params: { column: 'owners' },
        q: { filter, ...firstPage },
        signal,
      }),
    relatedRoles: (filter: string, signal?: AbortSignal) =>
      api.call(dashboardRoutes.related, {
        params: { column: 'roles' },
        q: { filter, ...firstPage },
        signal,
      }),
    async favoriteStatus(ids: number[], signal?: AbortSignal): Promise<Record<number, boolean>> {
      if (ids.length === 0) return {};
      const answer = await api.call(dashboardRoutes.favoriteStatus, { q: ids, signal });
      return Object.fromEntries(answer.result.map((r) => [r.id, r.value]));
    },
    async setFavorite(id: number, starred: boolean) {
      await api.call(starred ? dashboardRoutes.addFavorite : dashboardRoutes.removeFavorite, {
        params: { pk: id },
      });
    },
    exportZip: (ids: number[]) => api.callBinary(dashboardRoutes.export, { q: ids }),

    get: (idOrSlug: string | number, signal?: AbortSignal) =>
      api.call(dashboardRoutes.get, { params: { id_or_slug: String(idOrSlug) }, signal }),
    charts: (idOrSlug: string | number, signal?: AbortSignal) =>
      api.call(dashboardRoutes.charts, { params: { id_or_slug: String(idOrSlug) }, signal }),
    datasets: (idOrSlug: string | number, signal?: AbortSignal) =>
      api.call(dashboardRoutes.datasets, { params: { id_or_slug: String(idOrSlug) }, signal }),
    update: (id: number, body: DashboardUpdateBody) =>
      api.call(dashboardRoutes.update, { params: { pk: id }, body }),
    copy: (id: number, body: DashboardCopyBody) =>
      api.call(dashboardRoutes.copy, { params: { id_or_slug: String(id) }, body }),
    colors: (id: number, body: DashboardColorsBody) =>
      api.call(dashboardRoutes.colors, {
        params: { pk: id },
        query: { mark_updated: 'false' },
        body,
      }),
    createPermalink: (id: number, state: DashboardPermalinkState) =>
      api.call(dashboardRoutes.createPermalink, {
        params: { id_or_slug: String(id) },
        body: state,
      }),
    readPermalink: (key: string, signal?: AbortSignal) =>
      api.call(dashboardRoutes.readPermalink, { params: { key }, signal }),
    cssTemplates: (signal?: AbortSignal) =>
      api.call(cssTemplateRoutes.list, {
        q: { ...firstPage, order_column: 'template_name', order_direction: 'asc' },
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
