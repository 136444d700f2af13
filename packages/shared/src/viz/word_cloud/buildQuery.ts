import { buildQueryContext } from '../buildQueryContext.ts';
import { ensureArray } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, Column, QueryContext, QueryFormData } from '../types.ts';

/** Word cloud: one row per word with its metric, the biggest first when sorting by metric. */
export function buildWordCloudQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const metric = formData.metric;
  return buildQueryContext(formData, options, (base) => [
    {
      ...base,
      columns: ensureArray(formData.series as Column | undefined),
      metrics: ensureArray(metric),
      orderby: metric && formData.sort_by_metric !== false ? [[metric, false]] : [],
    },
  ]);
}
