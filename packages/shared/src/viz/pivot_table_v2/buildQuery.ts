import { buildQueryContext, getColumnLabel } from '../buildQueryContext.ts';
import { asArray } from '../common/timeseriesQuery.ts';
import type { BuildQueryOptions, Column, Metric, QueryContext, QueryFormData } from '../types.ts';

/**
 * One query grouped by the row and column dimensions together; the browser pivots the rows and
 * aggregates them again (Sum, Count, ...) for cells, subtotals and totals.
 */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (base) => {
    const seen = new Set<string>();
    const temporal = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
    const grain = formData.time_grain_sqla;
    const columns: Column[] = [];
    for (const column of [
      ...asArray(formData.groupbyRows as Column[] | undefined),
      ...asArray(formData.groupbyColumns as Column[] | undefined),
    ]) {
      const label = getColumnLabel(column);
      if (seen.has(label)) continue;
      seen.add(label);
      columns.push(
        typeof column === 'string' && temporal[column] && grain
          ? {
              sqlExpression: column,
              label: column,
              columnType: 'BASE_AXIS',
              timeGrain: String(grain),
              expressionType: 'SQL',
            }
          : column,
      );
    }
    const metrics = asArray(formData.metrics);
    const sortBy = formData.series_limit_metric as Metric | undefined;
    const orderDesc = formData.order_desc !== false;
    return [
      {
        ...base,
        columns,
        metrics,
        orderby: sortBy
          ? [[sortBy, !orderDesc]]
          : metrics.length
            ? [[metrics[0] as Metric, !orderDesc]]
            : [],
        series_limit: 0,
        post_processing: [],
      },
    ];
  });
}
