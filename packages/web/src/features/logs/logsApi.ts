import type { ListFilter } from '@tessera/shared/api/common';
import { logRoutes } from '@tessera/shared/api/routes/logs';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import { api } from '../../app/api.ts';
import type { ListParams } from '../../components/ListView.tsx';

export interface ActionLogFilters {
  userId?: number;
  /** ISO-8601 bounds of `dttm`. */
  after?: string;
  before?: string;
}

/** `q.filters` of `GET /api/v1/log/`: the search box looks in the action, the rest as chosen. */
export function actionLogFilters(search: string, filters: ActionLogFilters): ListFilter[] {
  const out: ListFilter[] = [];
  if (search) out.push({ col: 'action', opr: 'ct', value: search });
  if (filters.userId !== undefined)
    out.push({ col: 'user', opr: 'rel_o_m', value: filters.userId });
  if (filters.after) out.push({ col: 'dttm', opr: 'gt', value: filters.after });
  if (filters.before) out.push({ col: 'dttm', opr: 'lt', value: filters.before });
  return out;
}

/** The calls of the Action log page and the home page's recent activity. */
export const logsApi = {
  list(params: ListParams, filters: ActionLogFilters, signal?: AbortSignal) {
    const applied = actionLogFilters(params.search, filters);
    return api.call(logRoutes.list, {
      signal,
      q: {
        page: params.page,
        page_size: params.pageSize,
        order_column: params.sortField ?? 'dttm',
        order_direction: params.sortOrder ?? 'desc',
        ...(applied.length ? { filters: applied } : {}),
      },
    });
  },
  async users(signal?: AbortSignal) {
    const answer = await api.call(securityRoutes.users, { signal });
    return answer.result.map((user) => ({ value: user.id, label: user.username }));
  },
};

/** The event name inside a row's JSON, if it has one. */
export function eventNameOf(json: string | null): string | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as { event_name?: unknown };
    return typeof value.event_name === 'string' ? value.event_name : null;
  } catch {
    return null;
  }
}
