import type { Currency } from '@tessera/shared/format/number';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { optionalColumnLabel } from '@tessera/shared/viz/common/distributionQuery';
import {
  type ChartPoint,
  columnLabelOf,
  displayValue,
  metricLabelOf,
  pointFilter,
  readAnswer,
  requireColumns,
  rgbaColor,
  tickRotation,
  toNumber,
} from '../common/distributionChart.ts';
import type { PointsEchartProps } from '../common/PointsEchart.tsx';
import { textWidth } from '../common/textMeasure.ts';
import type { ChartFilterClause, ChartProps } from '../types.ts';

export type WaterfallProps = Omit<PointsEchartProps, 'testId'>;

type Kind = 'increase' | 'decrease' | 'total';

export interface WaterfallBar {
  label: string;
  kind: Kind;
  low: number;
  high: number;
  /** The change a step adds, or the running total a total bar shows. */
  value: number;
  filters: ChartFilterClause[];
}

/** Steps in order, with a subtotal after each x-axis value when broken down, and a final total. */
export function waterfallBars(
  rows: Array<Record<string, unknown>>,
  metric: string,
  xLabel: (row: Record<string, unknown>) => string,
  xFilter: (row: Record<string, unknown>) => ChartFilterClause,
  breakdown: string | undefined,
  totalLabel: string,
): WaterfallBar[] {
  const bars: WaterfallBar[] = [];
  let running = 0;
  const step = (label: string, value: number, filters: ChartFilterClause[]) => {
    const start = running;
    running += value;
    bars.push({
      label,
      kind: value >= 0 ? 'increase' : 'decrease',
      low: Math.min(start, running),
      high: Math.max(start, running),
      value,
      filters,
    });
  };
  const total = (label: string, filters: ChartFilterClause[]) =>
    bars.push({
      label,
      kind: 'total',
      low: Math.min(0, running),
      high: Math.max(0, running),
      value: running,
      filters,
    });
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    const value = toNumber(row[metric]) ?? 0;
    if (!breakdown) {
      step(xLabel(row), value, [xFilter(row)]);
      continue;
    }
    step(displayValue(row[breakdown]), value, [
      xFilter(row),
      pointFilter(breakdown, row[breakdown], displayValue(row[breakdown])),
    ]);
    const next = rows[i + 1];
    if (!next || xLabel(next) !== xLabel(row)) total(xLabel(row), [xFilter(row)]);
  }
  if (bars.length) total(totalLabel, []);
  return bars;
}

const TICK_FONT_SIZE = 12;

/**
 * With a breakdown the bars are named by their breakdown value ("Fossil Fuels"), so the period
 * they belong to (2001) is named once more, under the first bar of its group: the label each
 * bar's position has on the period row, empty where no group starts.
 */
function periodStarts(bars: WaterfallBar[]): string[] {
  return bars.map((bar, i) =>
    bar.kind !== 'total' && (i === 0 || bars[i - 1]?.kind === 'total')
      ? (bar.filters[0]?.formattedVal ?? '')
      : '',
  );
}

/** A second category axis carrying the period row, just below the bars' own tick labels. */
function periodAxis(bars: WaterfallBar[], periods: string[], rotate: number | undefined) {
  const longest = Math.max(0, ...bars.map((bar) => textWidth(bar.label, TICK_FONT_SIZE)));
  const angle = ((rotate ?? 0) * Math.PI) / 180;
  const tickHeight = Math.ceil(longest * Math.sin(angle) + TICK_FONT_SIZE * Math.cos(angle));
  return {
    type: 'category',
    data: bars.map((bar) => bar.label),
    position: 'bottom',
    offset: tickHeight + 6,
    axisLine: { show: false },
    axisTick: { show: false },
    axisPointer: { show: false },
    axisLabel: {
      interval: 0,
      hideOverlap: true,
      fontWeight: 'bold',
      formatter: (_value: string, index: number) => periods[index] ?? '',
    },
  };
}

/** Waterfall: each step floats from the running total; stacks split at zero so totals may turn negative. */
export function transformProps(chartProps: ChartProps): WaterfallProps {
  const { formData, width, height, theme, hooks } = chartProps;
  const metric = metricLabelOf(formData.metric, 'Metric');
  const xCol = columnLabelOf(formData.x_axis ?? formData.granularity_sqla, 'X-axis');
  const breakdown = optionalColumnLabel(formData.groupby);
  const answer = readAnswer(chartProps);
  requireColumns(answer, [xCol, metric, ...(breakdown ? [breakdown] : [])]);

  const formatValue = getNumberFormatter(
    formData.y_axis_format as string | undefined,
    formData.currency_format as Currency | null | undefined,
  );
  const formatTime = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const temporal = answer.temporal.has(xCol);
  const xLabel = (row: Record<string, unknown>) =>
    temporal && row[xCol] !== null ? formatTime(row[xCol] as number) : displayValue(row[xCol]);
  const xFilter = (row: Record<string, unknown>) =>
    pointFilter(xCol, row[xCol], xLabel(row), temporal ? formData.time_grain_sqla : undefined);
  const labels: Record<Kind, string> = {
    increase: (formData.increase_label as string | undefined) || 'Increase',
    decrease: (formData.decrease_label as string | undefined) || 'Decrease',
    total: (formData.total_label as string | undefined) || 'Total',
  };
  const colors: Record<Kind, string> = {
    increase: rgbaColor(formData.increase_color, '#5AC189'),
    decrease: rgbaColor(formData.decrease_color, '#FF7F44'),
    total: rgbaColor(formData.total_color, '#666666'),
  };
  const bars = waterfallBars(answer.rows, metric, xLabel, xFilter, breakdown, labels.total);
  const showValue = formData.show_value === true;
  const periods = breakdown ? periodStarts(bars) : null;

  const points: Record<string, ChartPoint> = {};
  bars.forEach((bar, i) => {
    points[String(i)] = { label: bar.label, filters: bar.filters };
  });
  const item = (value: number | '-', i: number, label?: Record<string, unknown>) =>
    value === '-' ? '-' : { value, pointKey: String(i), ...(label ? { label } : {}) };
  const assist = (side: 'pos' | 'neg') => ({
    type: 'bar',
    name: `assist-${side}`,
    stack: 'waterfall',
    silent: true,
    itemStyle: { color: 'transparent' },
    emphasis: { disabled: true },
    tooltip: { show: false },
    data: bars.map((b) => (side === 'pos' ? Math.max(b.low, 0) : Math.min(b.high, 0))),
  });
  const kindSeries = (kind: Kind, side: 'pos' | 'neg') => ({
    type: 'bar',
    name: labels[kind],
    stack: 'waterfall',
    itemStyle: { color: colors[kind] },
    // Narrow bars (a chart on a dashboard) would print their values over each other.
    labelLayout: { hideOverlap: true },
    data: bars.map((b, i) => {
      if (b.kind !== kind) return '-';
      const size =
        side === 'pos'
          ? Math.max(b.high, 0) - Math.max(b.low, 0)
          : Math.min(b.low, 0) - Math.min(b.high, 0);
      if (size === 0 && !(side === 'pos' && b.high === 0 && b.low === 0)) return '-';
      // One label per bar: on its part above zero, else below.
      const labelled = showValue && (side === 'pos' ? b.high > 0 || b.low === 0 : b.high <= 0);
      return item(
        size,
        i,
        labelled
          ? {
              show: true,
              position: side === 'pos' ? 'top' : 'bottom',
              formatter: formatValue(b.value),
            }
          : undefined,
      );
    }),
  });
  const kinds: Kind[] = ['increase', 'decrease', 'total'];
  const rotate = tickRotation(formData.x_ticks_layout);
  const xTitle = (formData.x_axis_title as string | undefined) || '';
  const yTitle = (formData.y_axis_title as string | undefined) || '';
  const showLegend = formData.show_legend !== false;
  const axisTitle = {
    name: xTitle,
    nameLocation: 'middle',
    // Below the tick labels however long they are (rotated genre names, say).
    nameMoveOverlap: true,
    nameGap: 12,
  };
  const option = {
    animation: false,
    legend: { show: showLegend, top: 0, data: kinds.map((k) => labels[k]) },
    grid: {
      top: showLegend ? 40 : 20,
      left: yTitle ? 40 : 8,
      right: 16,
      bottom: xTitle ? 32 : 8,
      containLabel: true,
    },
    xAxis: [
      {
        type: 'category',
        data: bars.map((b) => b.label),
        // With a period row the title goes below it, on the period axis.
        ...(periods ? {} : axisTitle),
        axisLabel: { interval: 0, hideOverlap: true, ...(rotate !== undefined ? { rotate } : {}) },
      },
      // The period row's bold labels sit a little lower than ECharts reckons: a wider gap.
      ...(periods ? [{ ...periodAxis(bars, periods, rotate), ...axisTitle, nameGap: 24 }] : []),
    ],
    yAxis: {
      type: 'value',
      name: yTitle,
      nameLocation: 'middle',
      nameGap: 56,
      axisLabel: { formatter: (v: number) => formatValue(v) },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: Array<{ dataIndex: number }>) => {
        const bar = bars[params[0]?.dataIndex ?? -1];
        if (!bar) return '';
        return `<b>${bar.label}</b><br/>${labels[bar.kind]}: <b>${formatValue(bar.value)}</b>`;
      },
    },
    series: [
      assist('pos'),
      assist('neg'),
      ...kinds.flatMap((kind) => [kindSeries(kind, 'pos'), kindSeries(kind, 'neg')]),
    ],
  };
  return { width, height, theme, hooks, option, points, selected: [], crossFilter: false };
}
