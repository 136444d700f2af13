import { buildQueryContext } from '../buildQueryContext.ts';
import { ensureArray } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, Column, Metric, QueryContext, QueryFormData } from '../types.ts';

/** World map: one row per country with the colouring metric and, for bubbles, their size. */
export function buildWorldMapQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const metric = formData.metric;
  const bubble = formData.show_bubbles === true ? formData.secondary_metric : undefined;
  return buildQueryContext(formData, options, (base) => [
    {
      ...base,
      columns: ensureArray(formData.entity as Column | undefined),
      metrics: [...ensureArray(metric), ...ensureArray(bubble as Metric | undefined)],
      orderby: metric && formData.sort_by_metric === true ? [[metric, false]] : [],
    },
  ]);
}
