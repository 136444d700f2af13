import type {
  ChartDataAnswer,
  ChartDataQueryResult,
  QueryContext,
} from '@tessera/shared/api/chartData';
import type {
  ChartCreateBody,
  ChartItemAnswer,
  ChartUpdateBody,
  ChartWriteAnswer,
  FavoriteStatusAnswer,
  RelatedAnswer,
} from '@tessera/shared/api/charts';
import type { DashboardListAnswer, DashboardWriteAnswer } from '@tessera/shared/api/dashboards';
import type { DatasetListAnswer } from '@tessera/shared/api/datasets';
import type { ExploreAnswer, ExploreQuery, ExploreResult } from '@tessera/shared/api/explore';
import type { ApiClient } from '../../app/api.ts';
import type { DashboardOption } from './state/saveModalSlice.ts';

/** Every call Explore makes, typed with the shared contracts. */

export type SamplesAnswer = {
  result: Partial<ChartDataQueryResult> & { page: number; per_page: number; total_count: number };
};

export function exploreApi(api: ApiClient) {
  return {
    async explore(params: ExploreQuery, signal?: AbortSignal): Promise<ExploreResult> {
      const answer = await api.get<ExploreAnswer>('/api/v1/explore/', {
        query: { ...params },
        signal,
      });
      return answer.result;
    },

    chartData(
      queryContext: QueryContext,
      options: { signal?: AbortSignal; sliceId?: number; dashboardId?: number; force?: boolean },
    ): Promise<ChartDataAnswer> {
      return api.post<ChartDataAnswer>('/api/v1/chart/data', queryContext, {
        signal: options.signal,
        query: {
          form_data: options.sliceId ? JSON.stringify({ slice_id: options.sliceId }) : undefined,
          dashboard_id: options.dashboardId,
          force: options.force ? 'true' : undefined,
        },
      });
    },

    /** CSV / XLSX of a query context (`result_format`), as bytes and the server's file name. */
    async chartExport(queryContext: QueryContext): Promise<{ blob: Blob; fileName: string }> {
      const reply = await api.postBinary('/api/v1/chart/data', queryContext);
      const type = reply.headers.get('content-type') ?? 'application/octet-stream';
      const disposition = reply.headers.get('content-disposition') ?? '';
      const match = /filename="?([^";]+)"?/.exec(disposition);
      const fallback = `chart_data.${queryContext.result_format ?? 'csv'}`;
      return { blob: new Blob([reply.body], { type }), fileName: match?.[1] ?? fallback };
    },

    /** A saved chart's data (annotation layers sourced from another chart). */
    savedChartData(chartId: number, signal?: AbortSignal): Promise<ChartDataAnswer> {
      return api.get<ChartDataAnswer>(`/api/v1/chart/${chartId}/data/`, { signal });
    },

    samples(
      datasource: { id: number; type: string },
      page: number,
      perPage: number,
      signal?: AbortSignal,
    ): Promise<SamplesAnswer> {
      return api.post<SamplesAnswer>(
        '/datasource/samples',
        {},
        {
          signal,
          query: {
            datasource_type: datasource.type,
            datasource_id: datasource.id,
            page,
            per_page: perPage,
          },
        },
      );
    },

    createChart: (body: ChartCreateBody) => api.post<ChartWriteAnswer>('/api/v1/chart/', body),
    updateChart: (id: number, body: ChartUpdateBody) =>
      api.put<ChartWriteAnswer>(`/api/v1/chart/${id}`, body),
    getChart: (id: number, columns?: string[], signal?: AbortSignal) =>
      api.get<ChartItemAnswer>(`/api/v1/chart/${id}`, {
        q: columns ? { columns } : undefined,
        signal,
      }),

    async favoriteStatus(id: number, signal?: AbortSignal): Promise<boolean> {
      const answer = await api.get<FavoriteStatusAnswer>('/api/v1/chart/favorite_status/', {
        q: [id],
        signal,
      });
      return answer.result.find((row) => row.id === id)?.value ?? false;
    },
    async setFavorite(id: number, starred: boolean): Promise<void> {
      if (starred) await api.post(`/api/v1/chart/${id}/favorites/`);
      else await api.delete(`/api/v1/chart/${id}/favorites/`);
    },

    relatedOwners: (filter: string, signal?: AbortSignal) =>
      api.get<RelatedAnswer>('/api/v1/chart/related/owners', {
        q: { filter, page: 0, page_size: 100 },
        signal,
      }),

    createPermalink: (formData: Record<string, unknown>, urlParams: Array<[string, string]>) =>
      api.post<{ key: string; url: string }>('/api/v1/explore/permalink', {
        formData,
        urlParams,
      }),

    async saveFormData(
      body: {
        datasource_id: number;
        datasource_type: string;
        chart_id?: number | null;
        form_data: string;
      },
      key?: string | null,
    ): Promise<string> {
      if (key) {
        const answer = await api.put<{ key?: string }>(`/api/v1/explore/form_data/${key}`, body);
        return answer?.key ?? key;
      }
      const answer = await api.post<{ key: string }>('/api/v1/explore/form_data', body);
      return answer.key;
    },

    /** The dashboards the user owns: where the save modal may add a chart. */
    async myDashboards(userId: number): Promise<DashboardOption[]> {
      const answer = await api.get<DashboardListAnswer>('/api/v1/dashboard/', {
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
      api.post<DashboardWriteAnswer>('/api/v1/dashboard/', { dashboard_title: title }),

    /** Datasets to start an exploration from (the picker shown without one). */
    datasets: (search: string, signal?: AbortSignal) =>
      api.get<DatasetListAnswer>('/api/v1/dataset/', {
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
