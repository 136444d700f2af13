import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, dimensionsQuery, sortsByMetric, uniqueMetrics } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/** One query: the slices (groupby) and their metric, largest first unless sorting is off. */
export function buildPieQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
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
