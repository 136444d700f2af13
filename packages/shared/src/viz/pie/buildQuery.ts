import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, metricByDimensionsQuery } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/** One query: the slices (groupby) and their metric, largest first unless sorting is off. */
export function buildPieQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (base) => [
    metricByDimensionsQuery(base, formData, asList(formData.groupby)),
  ]);
}
