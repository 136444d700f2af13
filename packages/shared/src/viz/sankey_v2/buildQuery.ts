import { buildQueryContext } from '../buildQueryContext.ts';
import { columnOf, metricByDimensionsQuery } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, Column, QueryContext, QueryFormData } from '../types.ts';

/** One query: a link per (source, target) row with its metric, heaviest first by default. */
export function buildSankeyQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const columns = [columnOf(formData.source), columnOf(formData.target)].filter(
    (column): column is Column => column !== undefined,
  );
  return buildQueryContext(formData, options, (base) => [
    metricByDimensionsQuery(base, formData, columns),
  ]);
}
