import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, metricByDimensionsQuery } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, Metric, QueryContext, QueryFormData } from '../types.ts';

/**
 * One query: a row per leaf of the hierarchy (`columns`, innermost ring first), the primary
 * metric (arc sizes) and the secondary one (colour as a ratio to the primary) when it differs.
 */
export function buildSunburstQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const secondary = formData.secondary_metric as Metric | null | undefined;
  return buildQueryContext(formData, options, (base) => [
    metricByDimensionsQuery(base, formData, asList(formData.columns), [formData.metric, secondary]),
  ]);
}
