import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, metricByDimensionsQuery } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/** One query: the funnel's steps (groupby) and their metric, widest step first by default. */
export function buildFunnelQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  return buildQueryContext(formData, options, (base) => [
    metricByDimensionsQuery(base, formData, asList(formData.groupby)),
  ]);
}
