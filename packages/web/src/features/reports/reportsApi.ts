import type { ListQuery } from '@tessera/shared/api/common';
import { chartRoutes } from '@tessera/shared/api/routes/charts';
import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { reportRoutes } from '@tessera/shared/api/routes/reports';
import type {
  CreationMethod,
  ReportCreateBody,
  ReportListRow,
  ReportUpdateBody,
} from '@tessera/shared/reports/schemas';
import { api } from '../../app/api.ts';

/** What a report is attached to, as the header menus of dashboards and charts look it up. */
export interface ReportTarget {
  kind: 'dashboard' | 'chart';
  id: number;
  name: string;
}

const targetFilter = (target: ReportTarget) => ({
  col: target.kind === 'dashboard' ? 'dashboard_id' : 'chart_id',
  opr: 'eq',
  value: target.id,
});

export const creationMethodOf = (target: ReportTarget): CreationMethod =>
  target.kind === 'dashboard' ? 'dashboards' : 'charts';

const pickerQuery = (column: string, search: string, columns: string[]) => ({
  columns,
  order_column: column,
  order_direction: 'asc' as const,
  page: 0,
  page_size: 50,
  ...(search ? { filters: [{ col: column, opr: 'ct', value: search }] } : {}),
});

/** Calls of `/api/v1/report/` and the look-ups of the report form's pickers. */
export const reportsApi = {
  list: async (q: ListQuery, signal?: AbortSignal) => {
    const answer = await api.call(reportRoutes.list, { signal, q });
    // Asked without `columns`, every row is whole.
    return { count: answer.count, result: answer.result as unknown as ReportListRow[] };
  },
  get: (id: number, signal?: AbortSignal) =>
    api.call(reportRoutes.get, { signal, params: { pk: id } }),
  create: (body: ReportCreateBody) => api.call(reportRoutes.create, { body }),
  update: (id: number, body: ReportUpdateBody) =>
    api.call(reportRoutes.update, { params: { pk: id }, body }),
  setActive: (id: number, active: boolean) =>
    api.call(reportRoutes.update, { params: { pk: id }, body: { active } }),
  remove: (id: number) => api.call(reportRoutes.delete, { params: { pk: id } }),
  removeMany: (ids: number[]) => api.call(reportRoutes.bulkDelete, { q: ids }),
  runNow: (id: number) => api.call(reportRoutes.run, { params: { pk: id } }),
  log: (id: number, q: ListQuery, signal?: AbortSignal) =>
    api.call(reportRoutes.log, { signal, params: { pk: id }, q }),
  /**
   * The current user's report on a dashboard or chart (Superset's `fetchUISpecificReport`): the
   * header menus offer to set one up, or to edit, switch and delete it.
   */
  forTarget: async (target: ReportTarget, userId: number, signal?: AbortSignal) => {
    const answer = await api.call(reportRoutes.list, {
      signal,
      q: {
        filters: [
          targetFilter(target),
          { col: 'creation_method', opr: 'eq', value: creationMethodOf(target) },
          { col: 'created_by', opr: 'rel_o_m', value: userId },
        ],
      },
    });
    return (answer.result[0] as unknown as ReportListRow | undefined) ?? null;
  },
  databases: (signal?: AbortSignal) =>
    api.call(databaseRoutes.list, {
      signal,
      // Every database at once (the picker filters them itself), not a page of 50.
      q: { ...pickerQuery('database_name', '', ['id', 'database_name']), page_size: 100 },
    }),
  dashboards: (search: string, signal?: AbortSignal) =>
    api.call(dashboardRoutes.list, {
      signal,
      q: pickerQuery('dashboard_title', search, ['id', 'dashboard_title']),
    }),
  charts: (search: string, signal?: AbortSignal) =>
    api.call(chartRoutes.list, {
      signal,
      q: pickerQuery('slice_name', search, ['id', 'slice_name', 'viz_type']),
    }),
  owners: (search: string, signal?: AbortSignal) =>
    api.call(reportRoutes.related, {
      signal,
      params: { column: 'owners' },
      q: { filter: search, page: 0, page_size: 50 },
    }),
};
