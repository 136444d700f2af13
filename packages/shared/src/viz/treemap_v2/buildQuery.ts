import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, metricByDimensionsQuery } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/** One query: a row per leaf of the hierarchy (groupby, outermost level first) and its metric. */
export function buildTreemapQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  return buildQueryContext(formData, options, (base) => [
    metricByDimensionsQuery(base, formData, asList(formData.groupby)),
  ]);
}
