import type { QueryObjectFilter } from '../../api/chartData.ts';
import { buildQueryContext, getMetricLabel } from '../buildQueryContext.ts';
import { asArray, toPositiveInt } from '../common/timeseriesQuery.ts';
import type {
  BuildQueryOptions,
  Column,
  Metric,
  QueryContext,
  QueryFormData,
  QueryObject,
} from '../types.ts';

/**
 * The table's queries, in Superset's order: the rows; with server pagination, a row count
 * (`is_rowcount`) for the pager; with "Show totals" in aggregate mode, the same metrics without
 * dimensions. Page, page size, sort and search of a server-paginated table come from its own
 * state (`ownState`), which the chart changes through `hooks.onChangeOwnState`.
 */

export type TableQueryMode = 'aggregate' | 'raw';

export interface TableOwnState {
  currentPage?: number;
  pageSize?: number;
  sortBy?: Array<{ key: string; desc?: boolean }>;
  searchColumn?: string;
  searchText?: string;
}

export function tableQueryMode(formData: QueryFormData): TableQueryMode {
  if (formData.query_mode === 'raw' || formData.query_mode === 'aggregate') {
    return formData.query_mode;
  }
  // Older form data has no mode: raw when it lists columns and nothing to aggregate.
  const hasRaw = asArray(formData.all_columns as Column[] | undefined).length > 0;
  const hasAggregate = asArray(formData.groupby).length > 0 || asArray(formData.metrics).length > 0;
  return hasRaw && !hasAggregate ? 'raw' : 'aggregate';
}

/** Metrics then percentage metrics, each label once. */
export function tableMetrics(formData: QueryFormData): { metrics: Metric[]; percent: Metric[] } {
  const metrics = asArray(formData.metrics);
  const percent = asArray(formData.percent_metrics as Metric[] | undefined);
  const seen = new Set(metrics.map(getMetricLabel));
  return {
    metrics: [...metrics, ...percent.filter((m) => !seen.has(getMetricLabel(m)))],
    percent,
  };
}

/** `order_by_cols` of raw mode: JSON strings `["column", ascending]`; bad entries are skipped. */
function rawOrderBy(formData: QueryFormData): Array<[Metric, boolean]> {
  const out: Array<[Metric, boolean]> = [];
  for (const entry of asArray(formData.order_by_cols as string[] | undefined)) {
    try {
      const parsed = JSON.parse(String(entry));
      if (Array.isArray(parsed) && typeof parsed[0] === 'string') {
        out.push([parsed[0], parsed[1] !== false]);
      }
    } catch {
      // The control reports `Found invalid orderby options`; the query leaves the entry out.
    }
  }
  return out;
}

/** Physical temporal columns among the dimensions take the time grain, as Superset's table does. */
function withTimeGrain(formData: QueryFormData, columns: Column[]): Column[] {
  const temporal = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const grain = formData.time_grain_sqla;
  if (!grain) return columns;
  return columns.map((column) =>
    typeof column === 'string' && temporal[column]
      ? {
          sqlExpression: column,
          label: column,
          columnType: 'BASE_AXIS' as const,
          timeGrain: String(grain),
          expressionType: 'SQL' as const,
        }
      : column,
  );
}

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (base) => {
    const mode = tableQueryMode(formData);
    const own = (options?.ownState ?? {}) as TableOwnState;
    let query: QueryObject;
    if (mode === 'raw') {
      query = {
        ...base,
        columns: asArray(formData.all_columns as Column[] | undefined),
        // Raw records: no metrics at all, so the server reads rows without grouping.
        metrics: undefined,
        orderby: rawOrderBy(formData),
        post_processing: [],
      };
    } else {
      const { metrics, percent } = tableMetrics(formData);
      const sortBy = (formData.timeseries_limit_metric ?? formData.series_limit_metric) as
        | Metric
        | undefined;
      const orderDesc = formData.order_desc !== false;
      const orderby: Array<[Metric, boolean]> = sortBy
        ? [[sortBy, !orderDesc]]
        : metrics.length
          ? [[metrics[0] as Metric, false]]
          : [];
      const percentLabels = percent.map(getMetricLabel);
      query = {
        ...base,
        columns: withTimeGrain(formData, asArray(formData.groupby)),
        metrics,
        orderby,
        series_limit: 0,
        post_processing: percentLabels.length
          ? [
              {
                operation: 'contribution',
                options: {
                  columns: percentLabels,
                  rename_columns: percentLabels.map((label) => `%${label}`),
                },
              },
            ]
          : [],
      };
    }

    if (formData.server_pagination) {
      const pageSize = toPositiveInt(own.pageSize ?? formData.server_page_length, 10) || 10;
      const page = toPositiveInt(own.currentPage, 0);
      const filters: QueryObjectFilter[] = [...(query.filters ?? [])];
      if (own.searchColumn && own.searchText) {
        filters.push({ col: own.searchColumn, op: 'ILIKE', val: `%${own.searchText}%` });
      }
      const sorted = (own.sortBy ?? []).map(
        (s): [Metric, boolean] => [s.key, s.desc !== true] as [Metric, boolean],
      );
      query = {
        ...query,
        filters,
        ...(sorted.length ? { orderby: sorted } : {}),
        row_limit: pageSize,
        row_offset: page * pageSize,
      };
    }

    const queries: QueryObject[] = [query];
    if (formData.server_pagination) {
      queries.push({
        ...query,
        time_offsets: [],
        row_limit: 0,
        row_offset: 0,
        post_processing: [],
        is_rowcount: true,
      });
    }
    if (mode === 'aggregate' && formData.show_totals && asArray(query.metrics).length) {
      queries.push({
        ...query,
        columns: [],
        row_limit: 0,
        row_offset: 0,
        post_processing: [],
        orderby: [],
      });
    }
    return queries;
  });
}
