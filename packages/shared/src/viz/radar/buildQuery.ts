import { buildQueryContext } from '../buildQueryContext.ts';
import { asList, dimensionsQuery, uniqueMetrics } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, Metric, QueryContext, QueryFormData } from '../types.ts';

/**
 * One query: a row per series (groupby) with every metric (the radar's indicators), ordered by
 * the sort metric or else the first metric, largest first, so the row limit keeps the biggest.
 */
export function buildRadarQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const metrics = uniqueMetrics(asList(formData.metrics));
  const sortBy =
    (formData.series_limit_metric as Metric | undefined) ??
    (formData.timeseries_limit_metric as Metric | undefined) ??
    metrics[0];
  return buildQueryContext(formData, options, (base) => [
    dimensionsQuery(base, asList(formData.groupby), metrics, sortBy ?? null),
  ]);
}
