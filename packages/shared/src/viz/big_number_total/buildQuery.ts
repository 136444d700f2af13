import { buildQueryContext } from '../buildQueryContext.ts';
import type { BuildQueryOptions, Metric, QueryContext, QueryFormData } from '../types.ts';

/** One aggregate over the filtered rows: no columns, one metric. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (base) => [
    {
      ...base,
      columns: [],
      metrics: formData.metric ? [formData.metric as Metric] : [],
      orderby: [],
      series_limit: 0,
      post_processing: [],
    },
  ]);
}
