import { AGGREGATES } from '@tessera/shared/api/chartData';
import { isGeneratedMetric } from '@tessera/shared/controls/savedMetric';
import { getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import type { AdhocMetric, DatasourceMeta, Metric } from '@tessera/shared/viz/types';

export type Aggregate = (typeof AGGREGATES)[number];
export { AGGREGATES };
/** Spec "Adhoc metric": names such as `SUM(num)` or `sum__num` are generated, not written. */
export const isGeneratedMetricName = isGeneratedMetric;

/** What Explore stores for an adhoc metric: the wire fields plus Superset's UI bookkeeping. */
export type EditableMetric = AdhocMetric & { hasCustomLabel?: boolean; optionName?: string };

let counter = 0;
/** Superset keys adhoc items with an `optionName`; stable per item, unique per session. */
export function newOptionName(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

export function simpleMetricLabel(aggregate: string | null | undefined, column: string): string {
  return `${aggregate ?? ''}(${column})`;
}

export function buildSimpleMetric(options: {
  column: DatasourceMeta['columns'][number];
  aggregate: Aggregate;
  label?: string;
  optionName?: string;
}): EditableMetric {
  const generated = simpleMetricLabel(options.aggregate, options.column.column_name);
  const label = options.label?.trim() || generated;
  return {
    expressionType: 'SIMPLE',
    column: {
      column_name: options.column.column_name,
      ...(options.column.type ? { type: options.column.type } : {}),
    },
    aggregate: options.aggregate,
    sqlExpression: null,
    label,
    hasCustomLabel: label !== generated && !isGeneratedMetric(label),
    optionName: options.optionName ?? newOptionName('metric'),
  };
}

export function buildSqlMetric(options: {
  sqlExpression: string;
  label?: string;
  optionName?: string;
}): EditableMetric {
  const sql = options.sqlExpression.trim();
  const label = options.label?.trim() || sql;
  return {
    expressionType: 'SQL',
    sqlExpression: sql,
    column: null,
    aggregate: null,
    label,
    hasCustomLabel: label !== sql,
    optionName: options.optionName ?? newOptionName('metric'),
  };
}

export function metricKey(metric: Metric, index: number): string {
  if (typeof metric === 'string') return `saved:${metric}`;
  const optionName = (metric as EditableMetric).optionName;
  return optionName ? `adhoc:${optionName}` : `adhoc:${index}:${getMetricLabel(metric)}`;
}

/** The chip text: a saved metric's verbose name, else the metric's label. */
export function metricDisplayName(metric: Metric, datasource: DatasourceMeta | null): string {
  if (typeof metric === 'string') {
    const saved = datasource?.metrics.find((m) => m.metric_name === metric);
    return saved?.verbose_name || metric;
  }
  return getMetricLabel(metric);
}
