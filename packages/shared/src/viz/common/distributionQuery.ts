import { getColumnLabel, getMetricLabel, isAdhocColumn } from '../buildQueryContext.ts';
import type { Column, Metric, QueryFormData } from '../types.ts';
import { asList } from './partsAndFlows.ts';

/**
 * Query pieces shared by the distribution, comparison, word-cloud and map chart types
 * (heatmap_v2, box_plot, histogram_v2, bubble_v2, waterfall, word_cloud, world_map, mapbox).
 */

/** A single value or a list as a list (`asList` under the name these chart types use). */
export const ensureArray = asList;

/**
 * An x-axis that may be temporal or a category. It goes out as BASE_AXIS without its own grain:
 * the server truncates it to `extras.time_grain_sqla` only when the column is temporal, so a
 * text column is never wrapped in a date function.
 */
export function axisColumn(formData: QueryFormData): Column | undefined {
  const axis = formData.x_axis ?? formData.granularity_sqla;
  if (axis === undefined || axis === null || axis === '') return undefined;
  if (isAdhocColumn(axis)) {
    const { timeGrain: _grain, ...rest } = axis;
    return { ...rest, columnType: 'BASE_AXIS' };
  }
  return { sqlExpression: axis, label: axis, columnType: 'BASE_AXIS', expressionType: 'SQL' };
}

/** The label of an optional single-column control (`entity`, `series`, `x_axis`, ...). */
export function optionalColumnLabel(value: unknown): string | undefined {
  const column = ensureArray(value as Column | Column[])[0];
  return column === undefined ? undefined : getColumnLabel(column);
}

/** The label of an optional metric control (`metric`, `secondary_metric`, `size`, ...). */
export function optionalMetricLabel(value: unknown): string | undefined {
  const metric = ensureArray(value as Metric | Metric[])[0];
  return metric === undefined ? undefined : getMetricLabel(metric);
}

/** A positive integer from a text or number control, else the fallback. */
export function positiveInt(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
