import type { PostProcessingRule } from '../../api/chartData.ts';
import {
  buildQueryContext,
  getColumnLabel,
  getMetricLabel,
  xAxisColumn,
} from '../buildQueryContext.ts';
import { resampleRule, rollingRule } from '../common/timeseriesQuery.ts';
import type { BuildQueryOptions, Metric, QueryContext, QueryFormData } from '../types.ts';

/**
 * The metric per time bucket (the trendline), newest buckets kept when the row limit bites; the
 * latest value is the big number and `compare_lag` buckets back is what it is compared with.
 */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, options, (base) => {
    const axis = xAxisColumn(formData);
    const metric = formData.metric as Metric | undefined;
    const metrics = metric ? [metric] : [];
    const index = axis === undefined ? undefined : getColumnLabel(axis);
    const rules: Array<PostProcessingRule | null> =
      index === undefined
        ? []
        : [
            {
              operation: 'pivot',
              options: {
                index: [index],
                columns: [],
                aggregates: Object.fromEntries(
                  metrics.map((m) => [getMetricLabel(m), { operator: 'mean' }]),
                ),
                drop_missing_columns: true,
              },
            },
            rollingRule(formData),
            resampleRule(formData),
            { operation: 'flatten', options: {} },
          ];
    return [
      {
        ...base,
        columns: axis === undefined ? [] : [axis],
        metrics,
        // Newest first so a row limit drops the oldest buckets, never the latest value.
        orderby: index !== undefined && typeof formData.x_axis !== 'object' ? [[index, false]] : [],
        series_limit: 0,
        post_processing: rules.filter((r): r is PostProcessingRule => r !== null),
      },
    ];
  });
}
