import type { PostProcessingRule } from '../../api/chartData.ts';
import {
  buildQueryContext,
  getColumnLabel,
  getMetricLabel,
  xAxisColumn,
} from '../buildQueryContext.ts';
import type { ChartDefinition, Column, Metric, QueryFormData, QueryObject } from '../types.ts';

/**
 * The query side shared by the six time-series chart types: the x-axis (with its time grain) and
 * the dimensions as columns, the dimensions as series (with the series limit), then
 * post-processing that turns rows into one column per series (pivot) and applies the analytics
 * of the "Advanced analytics" section. Option names are those of the server's query-engine.
 */

const COMPARISON_TYPES = ['values', 'absolute', 'percentage', 'ratio'];

/** The form data keys of the "Advanced analytics" section, in the order the panel shows them. */
export const ADVANCED_ANALYTICS_KEYS = [
  'rolling_type',
  'rolling_periods',
  'min_periods',
  'time_compare',
  'comparison_type',
  'resample_rule',
  'resample_method',
] as const;

export function asArray<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...(value as T[])] : [value as T];
}

/** A positive integer from a text or number control, else `fallback`. */
export function toPositiveInt(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return value !== '' && value !== null && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** The offsets (`1 year ago`, ...) of a time comparison, or none when it is off. */
export function timeOffsetsOf(formData: QueryFormData): string[] {
  const type = formData.comparison_type ?? 'values';
  if (!COMPARISON_TYPES.includes(String(type))) return [];
  return asArray(formData.time_compare as string | string[] | null).filter(
    (offset): offset is string => typeof offset === 'string' && offset.trim() !== '',
  );
}

/** Column names a time comparison adds: `<metric>__<offset>`, as the server names them. */
export function offsetLabel(metricLabel: string, offset: string): string {
  return `${metricLabel}__${offset}`;
}

/** The column a percentage/difference/ratio comparison leaves, as the server's compare names it. */
export function comparisonLabel(type: string, metricLabel: string, offset: string): string {
  const prefix = type === 'absolute' ? 'difference' : type;
  return `${prefix}__${metricLabel}__${offsetLabel(metricLabel, offset)}`;
}

export interface TimeseriesQueryOptions {
  metrics: Metric[];
  groupby: Column[];
  /** Name of the `row_limit`-like key; mixed charts read `row_limit_b` for the second query. */
  rowLimit?: unknown;
  seriesLimit?: unknown;
  seriesLimitMetric?: Metric | null;
  orderDesc?: unknown;
}

/** Metric columns left after the comparison step: what the pivot aggregates. */
export function seriesMetricLabels(formData: QueryFormData, metrics: Metric[]): string[] {
  const labels = metrics.map(getMetricLabel);
  const offsets = timeOffsetsOf(formData);
  if (offsets.length === 0) return labels;
  const type = String(formData.comparison_type ?? 'values');
  if (type === 'values') {
    return [...labels, ...labels.flatMap((m) => offsets.map((o) => offsetLabel(m, o)))];
  }
  return labels.flatMap((m) => offsets.map((o) => comparisonLabel(type, m, o)));
}

function comparisonRule(
  formData: QueryFormData,
  metricLabels: string[],
): PostProcessingRule | null {
  const offsets = timeOffsetsOf(formData);
  const type = String(formData.comparison_type ?? 'values');
  if (offsets.length === 0 || type === 'values') return null;
  const pairs = metricLabels.flatMap((m) => offsets.map((o) => [m, offsetLabel(m, o)] as const));
  return {
    operation: 'compare',
    options: {
      source_columns: pairs.map(([source]) => source),
      compare_columns: pairs.map(([, other]) => other),
      compare_type: type,
      drop_original_columns: true,
    },
  };
}

export function rollingRule(formData: QueryFormData): PostProcessingRule | null {
  const type = formData.rolling_type;
  if (type === 'cumsum') return { operation: 'cum', options: { operator: 'sum' } };
  if (type === 'mean' || type === 'sum' || type === 'std') {
    return {
      operation: 'rolling',
      options: {
        rolling_type: type,
        window: Math.max(1, toPositiveInt(formData.rolling_periods, 1)),
        min_periods: toPositiveInt(formData.min_periods, 0),
      },
    };
  }
  return null;
}

export function resampleRule(formData: QueryFormData): PostProcessingRule | null {
  const rule = formData.resample_rule;
  const method = formData.resample_method;
  if (typeof rule !== 'string' || !rule || typeof method !== 'string' || !method) return null;
  // Superset's "zerofill" is asfreq with 0 for the gaps.
  if (method === 'zerofill') {
    return { operation: 'resample', options: { rule, method: 'asfreq', fill_value: 0 } };
  }
  return { operation: 'resample', options: { rule, method } };
}

/**
 * One time-series query object from the base query. Rolling and cum run on the pivoted columns
 * (one per series) so a window never mixes two series; compare is row-wise, so it runs before the
 * pivot, where the `<metric>__<offset>` names are still plain columns.
 */
export function buildTimeseriesQuery(
  formData: QueryFormData,
  base: QueryObject,
  options: TimeseriesQueryOptions,
): QueryObject {
  const axis = xAxisColumn(formData);
  const metrics = options.metrics;
  const groupby = options.groupby;
  const metricLabels = metrics.map(getMetricLabel);
  const offsets = timeOffsetsOf(formData);
  const groupLabels = groupby.map(getColumnLabel);
  const pivotColumns = seriesMetricLabels(formData, metrics);

  const rules: Array<PostProcessingRule | null> = [comparisonRule(formData, metricLabels)];
  if (axis !== undefined) {
    const index = getColumnLabel(axis);
    rules.push({
      operation: 'pivot',
      options: {
        index: [index],
        columns: groupLabels,
        aggregates: Object.fromEntries(pivotColumns.map((m) => [m, { operator: 'mean' }])),
        drop_missing_columns: !formData.show_empty_columns,
      },
    });
    rules.push(rollingRule(formData));
    rules.push(resampleRule(formData));
    if (metrics.length === 1 && groupby.length > 0 && formData.truncate_metric !== false) {
      // One metric: series are named by their dimension values alone (Superset's truncate_metric).
      rules.push({
        operation: 'rename',
        options: { columns: { [pivotColumns[0] as string]: null }, level: 0, inplace: true },
      });
    }
    if (formData.contributionMode === 'row' || formData.contributionMode === 'column') {
      rules.push({
        operation: 'contribution',
        options: { orientation: formData.contributionMode },
      });
    }
    rules.push({ operation: 'flatten', options: {} });
  }

  const seriesLimit = toPositiveInt(options.seriesLimit, 0);
  const rowLimit = toPositiveInt(options.rowLimit, base.row_limit ?? 10000);
  const orderDesc =
    options.orderDesc === undefined ? (base.order_desc ?? true) : !!options.orderDesc;
  const query: QueryObject = {
    ...base,
    columns: [...(axis !== undefined ? [axis] : []), ...groupby],
    metrics,
    series_columns: groupby,
    series_limit: groupby.length ? seriesLimit : 0,
    row_limit: rowLimit,
    order_desc: orderDesc,
    // [metric, ascending]: the series limit metric, else the first metric.
    orderby: metrics.length
      ? [[options.seriesLimitMetric ?? (metrics[0] as Metric), !orderDesc]]
      : [],
    time_offsets: offsets,
    post_processing: rules.filter((r): r is PostProcessingRule => r !== null),
  };
  if (options.seriesLimitMetric) query.series_limit_metric = options.seriesLimitMetric;
  else delete query.series_limit_metric;
  return query;
}

/** The time-series query of a chart with one query (line, bar, area, scatter, step). */
export function timeseriesQueryFromFormData(
  formData: QueryFormData,
  base: QueryObject,
): QueryObject {
  return buildTimeseriesQuery(formData, base, {
    metrics: asArray(formData.metrics),
    groupby: asArray(formData.groupby),
    rowLimit: formData.row_limit,
    seriesLimit: formData.series_limit ?? formData.limit,
    seriesLimitMetric: formData.series_limit_metric ?? formData.timeseries_limit_metric ?? null,
    orderDesc: formData.order_desc,
  } as TimeseriesQueryOptions);
}

/** The whole buildQuery of the line, bar, area, scatter and step charts: that one query. */
export const buildTimeseriesChartQuery: ChartDefinition['buildQuery'] = (formData, options) =>
  buildQueryContext(formData, options, (base) => [timeseriesQueryFromFormData(formData, base)]);
