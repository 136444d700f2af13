import { buildQueryContext, getColumnLabel } from '../buildQueryContext.ts';
import { axisColumn, ensureArray } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, QueryContext, QueryFormData } from '../types.ts';

/**
 * Waterfall: the metric per x-axis value (and breakdown), ordered along the x-axis so that the
 * chart can accumulate it in order.
 */
export function buildWaterfallQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const x = axisColumn(formData);
  const breakdown = ensureArray(formData.groupby).slice(0, 1);
  const columns = [...ensureArray(x), ...breakdown];
  return buildQueryContext(formData, options, (base) => [
    {
      ...base,
      columns,
      metrics: ensureArray(formData.metric),
      orderby: columns.map((column) => [getColumnLabel(column), true] as [string, boolean]),
    },
  ]);
}
