import { buildQueryContext, getColumnLabel, getMetricLabel } from '../buildQueryContext.ts';
import { axisColumn, ensureArray } from '../common/distributionQuery.ts';
import type {
  BuildQueryOptions,
  Column,
  Metric,
  QueryContext,
  QueryFormData,
  QueryObject,
} from '../types.ts';

type OrderBy = NonNullable<QueryObject['orderby']>;

function sortTerm(sort: unknown, column: Column | undefined, metric: Metric): OrderBy {
  if (typeof sort !== 'string' || !sort) return [];
  const ascending = sort.endsWith('_asc');
  if (sort.startsWith('value')) return [[metric, ascending]];
  return column === undefined ? [] : [[getColumnLabel(column), ascending]];
}

/**
 * Heatmap: x-axis and one y column against a metric. The server adds a percentile `rank` column
 * (within x or y when normalising across them), which the chart uses when `normalized` is set.
 */
export function buildHeatmapQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  const x = axisColumn(formData);
  const y = ensureArray(formData.groupby)[0];
  const metric = formData.metric;
  return buildQueryContext(formData, options, (base) => {
    if (!metric) return [{ ...base, columns: ensureArray(x) }];
    const across = formData.normalize_across;
    const groupBy =
      across === 'x' && x !== undefined
        ? getColumnLabel(x)
        : across === 'y' && y !== undefined
          ? getColumnLabel(y)
          : undefined;
    return [
      {
        ...base,
        columns: [...ensureArray(x), ...ensureArray(y)],
        metrics: [metric],
        orderby: [
          ...sortTerm(formData.sort_x_axis, x, metric),
          ...sortTerm(formData.sort_y_axis, y, metric),
        ],
        post_processing: [
          {
            operation: 'rank',
            options: { metric: getMetricLabel(metric), ...(groupBy ? { group_by: groupBy } : {}) },
          },
        ],
      },
    ];
  });
}
