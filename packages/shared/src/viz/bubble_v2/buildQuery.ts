import { buildQueryContext } from '../buildQueryContext.ts';
import { ensureArray } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, Column, Metric, QueryContext, QueryFormData } from '../types.ts';

/** Bubble chart: one row per entity (and series) with the x, y and size metrics. */
export function buildBubbleQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const columns = [
    ...ensureArray(formData.entity as Column | undefined),
    ...ensureArray(formData.series as Column | undefined),
  ];
  const metrics = [formData.x, formData.y, formData.size].flatMap((m) =>
    ensureArray(m as Metric | undefined),
  );
  const sortBy = formData.series_limit_metric ?? formData.timeseries_limit_metric;
  return buildQueryContext(formData, options, (base) => {
    const { series_limit_metric: _unused, ...query } = base;
    return [
      {
        ...query,
        columns,
        metrics,
        orderby: sortBy ? [[sortBy as Metric, formData.order_desc === false]] : [],
      },
    ];
  });
}
