import { buildQueryContext, getColumnLabel } from '../buildQueryContext.ts';
import { ensureArray, positiveInt } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, Column, QueryContext, QueryFormData } from '../types.ts';

export const DEFAULT_HISTOGRAM_BINS = 5;

/**
 * Histogram: raw rows of the column (no metrics, so no GROUP BY) and the server's histogram
 * operation, which answers one row per dimension group and one column per bin.
 */
export function buildHistogramQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const column = ensureArray(formData.column as Column | Column[] | undefined)[0];
  const groupby = ensureArray(formData.groupby);
  return buildQueryContext(formData, options, (base) => [
    {
      ...base,
      columns: [...groupby, ...ensureArray(column)],
      // Raw values (no metrics): the histogram bins them after the query.
      metrics: undefined,
      orderby: [],
      post_processing:
        column === undefined
          ? []
          : [
              {
                operation: 'histogram',
                options: {
                  column: getColumnLabel(column),
                  groupby: groupby.map(getColumnLabel),
                  bins: positiveInt(formData.bins, DEFAULT_HISTOGRAM_BINS),
                  cumulative: formData.cumulative === true,
                  normalize: formData.normalize === true,
                },
              },
            ],
    },
  ]);
}
