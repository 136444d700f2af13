import { buildQueryContext } from '../buildQueryContext.ts';
import { timeseriesQueryFromFormData } from '../common/timeseriesQuery.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (base) => [
    timeseriesQueryFromFormData(formData, base),
  ]);
}
