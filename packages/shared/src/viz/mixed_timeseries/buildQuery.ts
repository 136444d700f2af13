import { baseQueryObject, buildQueryContext } from '../buildQueryContext.ts';
import {
  ADVANCED_ANALYTICS_KEYS,
  asArray,
  buildTimeseriesQuery,
} from '../common/timeseriesQuery.ts';
import type {
  AdhocFilter,
  BuildQueryOptions,
  Metric,
  QueryContext,
  QueryFormData,
} from '../types.ts';

/** The keys of the second query ("Query B"), read under the names of the first. */
const B_KEYS = ['adhoc_filters', ...ADVANCED_ANALYTICS_KEYS, 'truncate_metric'] as const;

/** Form data as query B sees it: every `<key>_b` in place of `<key>`. */
export function formDataForQueryB(formData: QueryFormData): QueryFormData {
  const b: Record<string, unknown> = { ...formData };
  for (const key of B_KEYS) b[key] = formData[`${key}_b`];
  b.adhoc_filters = (formData.adhoc_filters_b as AdhocFilter[] | undefined) ?? [];
  return b as QueryFormData;
}

/** Two time-series queries: metrics/groupby and metrics_b/groupby_b, each with its filters. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (baseA) => {
    const formDataB = formDataForQueryB(formData);
    const queryA = buildTimeseriesQuery(formData, baseA, {
      metrics: asArray(formData.metrics),
      groupby: asArray(formData.groupby),
      rowLimit: formData.row_limit,
      seriesLimit: formData.series_limit ?? formData.limit,
      seriesLimitMetric: (formData.series_limit_metric ??
        formData.timeseries_limit_metric ??
        null) as Metric | null,
      orderDesc: formData.order_desc,
    });
    const queryB = buildTimeseriesQuery(formDataB, baseQueryObject(formDataB), {
      metrics: asArray(formData.metrics_b as Metric[] | undefined),
      groupby: asArray(formData.groupby_b as QueryFormData['groupby']),
      rowLimit: formData.row_limit_b ?? formData.row_limit,
      seriesLimit: formData.series_limit_b ?? formData.limit_b,
      seriesLimitMetric: (formData.series_limit_metric_b ??
        formData.timeseries_limit_metric_b ??
        null) as Metric | null,
      orderDesc: formData.order_desc_b ?? true,
    });
    return [queryA, queryB];
  });
}
