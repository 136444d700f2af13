import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, dimensionsQuery, sortsByMetric, uniqueMetrics } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/** One query: a row per leaf of the hierarchy (groupby, outermost level first) and its metric. */
export function buildTreemapQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const metric = formData.metric;
  return buildQueryContext(formData, options, (base) => [
    dimensionsQuery(
      base,
      asList(formData.groupby),
      uniqueMetrics([metric]),
      sortsByMetric(formData) ? metric : null,
    ),
  ]);
}
