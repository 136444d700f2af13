import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import type { Column, Metric } from '@tessera/shared/viz/types';
import type { ChartProps } from '../types.ts';

/**
 * Reads a time-series answer: after the server's pivot each row is one x value and every other
 * column one series (`metric`, `metric, group`, or `group` when the metric is truncated).
 */

export const NULL_LABEL = '<NULL>';
const TEMPORAL = 2;
const NUMERIC = 0;

export type XAxisType = 'time' | 'value' | 'category';
export type Point = [x: number | string, y: number | null];

export interface SeriesMeta {
  name: string;
  /** Which query of the context drew it (mixed charts have two). */
  queryIndex: number;
  /** Dimension labels and this series' values of them, for cross-filters and drills. */
  groupby: string[];
  groupValues: unknown[];
}

export interface ExtractedSeries extends SeriesMeta {
  data: Point[];
}

type Answer = ChartProps['queriesData'][number];

export interface ReadSeriesInput {
  answer: Answer | undefined;
  queryIndex: number;
  xAxis: Column | undefined;
  metrics: Metric[];
  groupby: Column[];
  /** Set when series are renamed by post-processing (time comparison, contribution). */
  renamed: boolean;
}

export function xAxisTypeOf(answer: Answer | undefined, xLabel: string): XAxisType {
  const i = answer?.colnames?.indexOf(xLabel) ?? -1;
  const type = i >= 0 ? answer?.coltypes?.[i] : undefined;
  if (type === TEMPORAL) return 'time';
  if (type === NUMERIC) return 'value';
  if (type === undefined) return 'time';
  return 'category';
}

/** Checks the answer holds what the form data asks for, in words an analyst can act on. */
function checkAnswer(input: ReadSeriesInput, xLabel: string, columns: string[]): void {
  if (!columns.includes(xLabel)) {
    throw new Error(
      `The x-axis column "${xLabel}" is missing from the query results. Run the query again or choose another x-axis.`,
    );
  }
  if (input.renamed || (input.metrics.length === 1 && input.groupby.length > 0)) return;
  for (const metric of input.metrics.map(getMetricLabel)) {
    const found = columns.some(
      (c) => c === metric || c.startsWith(`${metric}, `) || c.startsWith(`${metric}__`),
    );
    if (!found) {
      throw new Error(
        `The metric "${metric}" is missing from the query results. Run the query again or choose another metric.`,
      );
    }
  }
}

const toNumber = (value: unknown): number | null =>
  typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value);

export function readSeries(input: ReadSeriesInput): {
  series: ExtractedSeries[];
  xType: XAxisType;
  xLabel: string;
} {
  if (input.xAxis === undefined || input.xAxis === null || input.xAxis === '') {
    throw new Error('This chart needs an x-axis: choose a column in the "X-axis" control.');
  }
  if (input.metrics.length === 0) {
    throw new Error('This chart needs at least one metric: choose one in the "Metrics" control.');
  }
  const xLabel = getColumnLabel(input.xAxis);
  const rows = Array.isArray(input.answer?.data) ? input.answer.data : [];
  const columns = input.answer?.colnames ?? Object.keys(rows[0] ?? {});
  if (rows.length) checkAnswer(input, xLabel, columns);
  const xType = xAxisTypeOf(input.answer, xLabel);
  const labelMap = (input.answer?.label_map ?? {}) as Record<string, string[]>;
  const groupby = input.groupby.map(getColumnLabel);
  const xs = rows.map((row) => {
    const x = row[xLabel];
    return (x === null || x === undefined ? NULL_LABEL : x) as number | string;
  });
  const series = columns
    .filter((name) => name !== xLabel)
    .map((name): ExtractedSeries => {
      const parts = labelMap[name] ?? name.split(', ');
      return {
        name,
        queryIndex: input.queryIndex,
        groupby,
        groupValues: groupby.length ? parts.slice(-groupby.length) : [],
        data: rows.map((row, i) => [xs[i] as number | string, toNumber(row[name])]),
      };
    });
  return { series, xType, xLabel };
}

export type SeriesSortType = 'name' | 'sum' | 'min' | 'max' | 'avg';

function seriesStat(series: ExtractedSeries, type: SeriesSortType): number {
  const ys = series.data.map((p) => p[1]).filter((y): y is number => y !== null);
  if (!ys.length) return Number.NEGATIVE_INFINITY;
  if (type === 'min') return ys.reduce((a, b) => Math.min(a, b));
  if (type === 'max') return ys.reduce((a, b) => Math.max(a, b));
  const sum = ys.reduce((a, b) => a + b, 0);
  return type === 'avg' ? sum / ys.length : sum;
}

/** Orders series for drawing and the legend (Superset's "Sort Series By"). */
export function sortSeries(
  series: ExtractedSeries[],
  type: SeriesSortType | null | undefined,
  ascending: boolean,
): ExtractedSeries[] {
  if (!type) return series;
  const sign = ascending ? 1 : -1;
  if (type === 'name') {
    return [...series].sort(
      (a, b) => sign * a.name.localeCompare(b.name, undefined, { numeric: true }),
    );
  }
  const stats = new Map(series.map((s) => [s, seriesStat(s, type)]));
  return [...series].sort((a, b) => sign * ((stats.get(a) as number) - (stats.get(b) as number)));
}

/** "Expand" stacking: each point as its share of the x value's total (absolute values). */
export function expandSeries(series: ExtractedSeries[]): ExtractedSeries[] {
  const totals = new Map<number | string, number>();
  for (const s of series) {
    for (const [x, y] of s.data) totals.set(x, (totals.get(x) ?? 0) + Math.abs(y ?? 0));
  }
  return series.map((s) => ({
    ...s,
    data: s.data.map(([x, y]): Point => {
      const total = totals.get(x) ?? 0;
      return [x, y === null || total === 0 ? null : y / total];
    }),
  }));
}

/** Totals per x of stacked series (the label of "Only Total"). */
export function totalsByX(series: ExtractedSeries[]): Map<number | string, number> {
  const totals = new Map<number | string, number>();
  for (const s of series)
    for (const [x, y] of s.data) totals.set(x, (totals.get(x) ?? 0) + (y ?? 0));
  return totals;
}
