import { getSequentialScheme } from '@tessera/shared/color/schemes';
import type { Currency } from '@tessera/shared/format/number';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { ensureArray } from '@tessera/shared/viz/common/distributionQuery';
import {
  type ChartPoint,
  columnLabelOf,
  displayValue,
  metricLabelOf,
  pointFilter,
  readAnswer,
  requireColumns,
  toNumber,
} from '../common/distributionChart.ts';
import { nullsLast } from '../common/ordering.ts';
import type { PointsEchartProps } from '../common/PointsEchart.tsx';
import type { ChartProps } from '../types.ts';

export type HeatmapProps = Omit<PointsEchartProps, 'testId'>;

const percent = getNumberFormatter('.2%');

function bounds(raw: unknown, values: number[]): [number, number] {
  const [lo, hi] = Array.isArray(raw) ? raw.map(toNumber) : [null, null];
  const min = lo ?? (values.length ? Math.min(...values) : 0);
  const max = hi ?? (values.length ? Math.max(...values) : 1);
  return [min, max];
}

type Row = Record<string, unknown>;

/**
 * One axis's categories in the order its "Sort X/Y Axis" control asks: by the value itself
 * (`alpha_*`) or by the metric summed over the category (`value_*`); without a choice, in the
 * order the rows bring them. The query's ORDER BY cannot give this: it orders rows by x then y,
 * so the y values appear in the order of the first x that has them.
 */
export function sortedCategories(rows: Row[], column: string, metric: string, sort: unknown) {
  const keys: unknown[] = [];
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = displayValue(row[column]);
    if (!totals.has(key)) keys.push(row[column]);
    totals.set(key, (totals.get(key) ?? 0) + (toNumber(row[metric]) ?? 0));
  }
  if (typeof sort !== 'string' || !sort) return keys;
  const byMetric = (a: unknown, b: unknown) =>
    (totals.get(displayValue(a)) ?? 0) - (totals.get(displayValue(b)) ?? 0);
  return keys.sort(
    nullsLast(
      (key) => key,
      sort.endsWith('_desc'),
      sort.startsWith('value') ? byMetric : undefined,
    ),
  );
}

/** Heatmap: x-axis by y column cells shaded by the metric (or its rank when normalised). */
export function transformProps(chartProps: ChartProps): HeatmapProps {
  const { formData, width, height, theme, hooks } = chartProps;
  const metric = metricLabelOf(formData.metric, 'Metric');
  const xCol = columnLabelOf(formData.x_axis ?? formData.granularity_sqla, 'X-Axis');
  const yCol = columnLabelOf(formData.groupby, 'Y-Axis');
  const answer = readAnswer(chartProps);
  const normalized = formData.normalized === true;
  requireColumns(answer, [xCol, yCol, metric, ...(normalized ? ['rank'] : [])]);

  const formatValue = getNumberFormatter(
    formData.y_axis_format as string | undefined,
    formData.currency_format as Currency | null | undefined,
  );
  const formatTime = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const label = (col: string, value: unknown) =>
    value !== null && answer.temporal.has(col) ? formatTime(value as number) : displayValue(value);

  const xKeys = sortedCategories(answer.rows, xCol, metric, formData.sort_x_axis);
  const yKeys = sortedCategories(answer.rows, yCol, metric, formData.sort_y_axis);
  const indexOf = (keys: unknown[]) => new Map(keys.map((key, i) => [displayValue(key), i]));
  const xIndex = indexOf(xKeys);
  const yIndex = indexOf(yKeys);

  // Totals for the tooltip's percentage, over the range the user normalises across.
  const across = formData.normalize_across ?? 'heatmap';
  const totals = new Map<string, number>();
  const groupKey = (x: string, y: string) => (across === 'x' ? x : across === 'y' ? y : '');
  for (const row of answer.rows) {
    const key = groupKey(displayValue(row[xCol]), displayValue(row[yCol]));
    totals.set(key, (totals.get(key) ?? 0) + (toNumber(row[metric]) ?? 0));
  }

  const points: Record<string, ChartPoint> = {};
  const colourValues: number[] = [];
  const data = answer.rows.map((row, i) => {
    const x = displayValue(row[xCol]);
    const y = displayValue(row[yCol]);
    const value = toNumber(row[metric]);
    const colour = normalized ? toNumber(row.rank) : value;
    if (colour !== null) colourValues.push(colour);
    const pointKey = String(i);
    const xText = label(xCol, row[xCol]);
    points[pointKey] = {
      label: `${xText}, ${label(yCol, row[yCol])}`,
      filters: [
        pointFilter(
          xCol,
          row[xCol],
          xText,
          answer.temporal.has(xCol) ? formData.time_grain_sqla : undefined,
        ),
        pointFilter(yCol, row[yCol], label(yCol, row[yCol])),
      ],
    };
    const total = totals.get(groupKey(x, y)) ?? 0;
    return {
      value: [
        xIndex.get(x),
        yIndex.get(y),
        colour ?? '-',
        value,
        total ? (value ?? 0) / total : null,
      ],
      pointKey,
    };
  });

  const [min, max] = normalized ? [0, 1] : bounds(formData.value_bounds, colourValues);
  const colors = getSequentialScheme(formData.linear_color_scheme as string | undefined).colors;
  const showPercentage = formData.show_percentage !== false;
  const xLabels = xKeys.map((x) => label(xCol, x));
  const yLabels = yKeys.map((y) => label(yCol, y));
  const showLegend = formData.show_legend !== false;

  const option = {
    animation: false,
    // The legend's handle labels sit left of its bar: room for them beside the cells.
    grid: { top: 16, left: 8, right: showLegend ? 112 : 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: xLabels,
      splitArea: { show: false },
      axisTick: { show: false },
    },
    yAxis: { type: 'category', data: yLabels, axisTick: { show: false } },
    visualMap: {
      type: formData.legend_type === 'piecewise' ? 'piecewise' : 'continuous',
      show: showLegend,
      min,
      max,
      calculable: true,
      orient: 'vertical',
      right: 4,
      top: 'center',
      dimension: 2,
      inRange: { color: colors },
      formatter: (v: number) => (normalized ? percent(v) : formatValue(v)),
    },
    tooltip: {
      trigger: 'item',
      formatter: (params: { value: [number, number, unknown, number | null, number | null] }) => {
        const [xi, yi, , value, share] = params.value;
        const lines = [
          `${xCol}: <b>${xLabels[xi] ?? ''}</b>`,
          `${yCol}: <b>${yLabels[yi] ?? ''}</b>`,
          `${metric}: <b>${formatValue(value)}</b>`,
        ];
        if (showPercentage && share !== null) lines.push(`% (${across}): <b>${percent(share)}</b>`);
        return lines.join('<br/>');
      },
    },
    series: [
      {
        type: 'heatmap',
        name: metric,
        data,
        progressive: 0,
        label: {
          show: formData.show_values === true,
          formatter: (params: { value: [number, number, unknown, number | null] }) =>
            formatValue(params.value[3]),
          fontSize: 10,
        },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
  return {
    width,
    height,
    theme,
    hooks,
    option,
    points,
    selected: ensureArray(chartProps.filterState?.selectedValues as string[] | undefined),
    crossFilter: false,
  };
}
