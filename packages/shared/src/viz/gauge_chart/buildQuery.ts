import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, dimensionsQuery, sortsByMetric, uniqueMetrics } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/** One query: the metric, once per group when a groupby is set (one needle per group). */
export function buildGaugeQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const metric = formData.metric;
  const groupby = asList(formData.groupby);
  return buildQueryContext(formData, options, (base) => [
    dimensionsQuery(
      base,
      groupby,
      uniqueMetrics([metric]),
      groupby.length && sortsByMetric(formData) ? metric : null,
    ),
  ]);
}
