import { buildQueryContext, getColumnLabel } from '../buildQueryContext.ts';
import { columnOf, dimensionsQuery, uniqueMetrics } from '../common/partsAndFlows.ts';
import type { BuildQueryOptions, Column, QueryContext, QueryFormData } from '../types.ts';

/**
 * One query: an edge per (source, target[, categories]) row with its metric. The heaviest
 * edges come first so that the row limit drops the thinnest ones rather than random ones.
 */
export function buildGraphQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const metric = formData.metric;
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const name of ['source', 'target', 'source_category', 'target_category']) {
    const column = columnOf(formData[name]);
    if (!column || seen.has(getColumnLabel(column))) continue;
    seen.add(getColumnLabel(column));
    columns.push(column);
  }
  return buildQueryContext(formData, options, (base) => [
    dimensionsQuery(base, columns, uniqueMetrics([metric]), metric ?? null),
  ]);
}
