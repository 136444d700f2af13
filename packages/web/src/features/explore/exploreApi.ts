import type { QueryContext } from '@tessera/shared/api/chartData';
import type { ChartCreateBody, ChartUpdateBody } from '@tessera/shared/api/charts';
import type { ExploreQuery, ExploreResult, FormDataBody } from '@tessera/shared/api/explore';
import { chartDataRoutes, chartRoutes } from '@tessera/shared/api/routes/charts';
import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { exploreRoutes } from '@tessera/shared/api/routes/explore';
import type { ApiClient } from '../../app/api.ts';
import { fetchChartData } from '../../app/asyncEvents.ts';
import type { DashboardOption } from './state/saveModalSlice.ts';

/** Every call Explore makes, through the shared routes. */

export type { SamplesAnswer } from '@tessera/shared/api/chartData';

export function exploreApi(api: ApiClient) {
  return {
    async explore(params: ExploreQuery, signal?: AbortSignal): Promise<ExploreResult> {
      const answer = await api.call(exploreRoutes.get, { query: params, signal });
      return answer.result as ExploreResult;
    },

    /** The data at once, or (GLOBAL_ASYNC_QUERIES) once its job has ended. */
    chartData: (
      queryContext: QueryContext,
      options: { signal?: AbortSignal; sliceId?: number; dashboardId?: number; force?: boolean },
    ) =>
      fetchChartData(api, {
        body: queryContext,
        signal: options.signal,
        query: {
          form_data: options.sliceId ? JSON.stringify({ slice_id: options.sliceId }) : undefined,
          dashboard_id: options.dashboardId === undefined ? undefined : String(options.dashboardId),
          force: options.force ? 'true' : undefined,
        },
      }),

    /** CSV / XLSX of a query context (`result_format`), as bytes and the server's file name. */
    async chartExport(queryContext: QueryContext): Promise<{ blob: Blob; fileName: string }> {
      const reply = await api.callBinary(chartDataRoutes.data, { body: queryContext });
      const type = reply.headers.get('content-type') ?? 'application/octet-stream';
      const disposition = reply.headers.get('content-disposition') ?? '';
      const match = /filename="?([^";]+)"?/.exec(disposition);
      const fallback = `chart_data.${queryContext.result_format ?? 'csv'}`;
      return { blob: new Blob([reply.body], { type }), fileName: match?.[1] ?? fallback };
    },

    /** A saved chart's data (annotation layers sourced from another chart). */
    savedChartData: (chartId: number, signal?: AbortSignal) =>
      api.call(chartDataRoutes.savedChartData, { params: { pk: chartId }, signal }),

    samples: (
      datasource: { id: number; type: string },
      page: number,
      perPage: number,
      signal?: AbortSignal,
    ) =>
      api.call(chartDataRoutes.samples, {
        body: {},
        signal,
        query: {
          datasource_type: datasource.type,
          datasource_id: datasource.id,
          page,
          per_page: perPage,
        },
      }),

    createChart: (body: ChartCreateBody) => api.call(chartRoutes.create, { body }),
    updateChart: (id: number, body: ChartUpdateBody) =>
      api.call(chartRoutes.update, { params: { pk: id }, body }),
    getChart: (id: number, columns?: string[], signal?: AbortSignal) =>
      api.call(chartRoutes.get, {
        params: { pk: id },
        q: columns ? { columns } : undefined,
        signal,
      }),

    async favoriteStatus(id: number, signal?: AbortSignal): Promise<boolean> {
      const answer = await api.call(chartRoutes.favoriteStatus, { q: [id], signal });
      return answer.result.find((row) => row.id === id)?.value ?? false;
    },
    async setFavorite(id: number, starred: boolean): Promise<void> {
      await api.call(starred ? chartRoutes.addFavorite : chartRoutes.removeFavorite, {
        params: { pk: id },
      });
    },

    relatedOwners: (filter: string, signal?: AbortSignal) =>
      api.call(chartRoutes.related, {
        params: { column: 'owners' },
        q: { filter, page: 0, page_size: 100 },
        signal,
      }),

    createPermalink: (formData: Record<string, unknown>, urlParams: Array<[string, string]>) =>
      api.call(exploreRoutes.createPermalink, { body: { formData, urlParams } }),

    async saveFormData(body: FormDataBody, key?: string | null): Promise<string> {
      if (key) {
        const answer = await api.call(exploreRoutes.updateFormData, { params: { key }, body });
        return answer?.key ?? key;
      }
      const answer = await api.call(exploreRoutes.createFormData, { body });
      return answer.key;
    },

    /** The dashboards the user owns: where the save modal may add a chart. */
    async myDashboards(userId: number): Promise<DashboardOption[]> {
      const answer = await api.call(dashboardRoutes.list, {
        q: {
          columns: ['id', 'dashboard_title'],
          filters: [{ col: 'owners', opr: 'rel_m_m', value: userId }],
          order_column: 'dashboard_title',
          order_direction: 'asc',
          page: 0,
          page_size: 100,
        },
      });
      return answer.result.map((row) => ({
        value: Number(row.id),
        label: String(row.dashboard_title ?? `Dashboard ${row.id}`),
      }));
    },
    createDashboard: (title: string) =>
      api.call(dashboardRoutes.create, { body: { dashboard_title: title } }),

    /** Datasets to start an exploration from (the picker shown without one). */
    datasets: (search: string, signal?: AbortSignal) =>
      api.call(datasetRoutes.list, {
        q: {
          columns: ['id', 'table_name', 'schema', 'kind', 'database.database_name'],
          filters: search ? [{ col: 'table_name', opr: 'ct', value: search }] : [],
          order_column: 'table_name',
          order_direction: 'asc',
          page: 0,
          page_size: 50,
        },
        signal,
      }),
  };
}

export type ExploreApi = ReturnType<typeof exploreApi>;
