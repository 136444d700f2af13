import { CATEGORICAL_SCHEMES, DEFAULT_CATEGORICAL_SCHEME } from '@tessera/shared/color/schemes';
import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { asList } from '@tessera/shared/viz/common/partsAndFlows';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  fadeUnless,
  type InteractivePoint,
  metricFormatter,
  metricValue,
  niceCeiling,
  numberOr,
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import type { ChartProps } from '../types.ts';

export type GaugeChartProps = InteractiveEchartProps;

function numberList(text: unknown): number[] {
  if (typeof text !== 'string' || !text.trim()) return [];
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n));
}

/**
 * The axis band colours from `intervals` (upper bounds) and `interval_color_indices` (1-based
 * picks from the colour scheme); unpicked intervals take the scheme's colours in turn.
 */
function intervalBands(
  scheme: unknown,
  bounds: number[],
  indices: number[],
  min: number,
  max: number,
): Array<[number, string]> {
  const colors =
    CATEGORICAL_SCHEMES.find((s) => s.id === scheme)?.colors ??
    CATEGORICAL_SCHEMES.find((s) => s.id === DEFAULT_CATEGORICAL_SCHEME)?.colors ??
    [];
  const span = max - min || 1;
  return bounds.map((bound, i) => {
    const pick = (indices[i] ?? i + 1) - 1;
    const color = colors.length
      ? (colors[((pick % colors.length) + colors.length) % colors.length] as string)
      : '#999';
    return [Math.min(1, Math.max(0, (bound - min) / span)), color];
  });
}

/** One needle (and progress bar) per row: the metric for each group, or the overall metric. */
export function transformProps(chartProps: ChartProps): GaugeChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metricLabel = requireMetric(formData.metric);
  const groupby = asList(formData.groupby);
  const groupLabels = groupby.map(getColumnLabel);
  const table = resultTable(chartProps);
  checkColumns(table, [metricLabel], groupLabels);

  const formatDimension = dimensionFormatter(table, formData);
  const formatNumber = metricFormatter(formData);
  const template = typeof formData.value_formatter === 'string' ? formData.value_formatter : '';
  const formatValue = (value: number) =>
    template.includes('{value}')
      ? template.replace('{value}', formatNumber(value))
      : `${formatNumber(value)}${template}`;
  const color = categoricalColors(chartProps);
  const selected = selectedLabel(chartProps);
  const fontSize = numberOr(formData.font_size, 15);
  const points: Record<string, InteractivePoint> = {};

  const rows = table.rows.map((row) => {
    const parts = groupLabels.map((label) => formatDimension(label, row[label]));
    const name = parts.join(', ') || metricLabel;
    points[name] = {
      label: name,
      filters: groupby.map((col, i) => ({
        col,
        val: row[groupLabels[i] as string],
        formattedVal: parts[i] as string,
      })),
    };
    return { name, value: metricValue(row, metricLabel) ?? 0 };
  });
  const min = numberOr(formData.min_val, 0);
  const dataMax = Math.max(...rows.map((r) => r.value), min);
  const max = numberOr(formData.max_val, niceCeiling(dataMax));
  const single = rows.length === 1;
  const data = rows.map((row, i) => {
    const itemColor = color(row.name);
    const lane = single ? 0 : i - (rows.length - 1) / 2;
    return {
      name: row.name,
      value: row.value,
      itemStyle: { color: itemColor, ...fadeUnless(selected, row.name) },
      title: {
        offsetCenter: single ? ['0%', '70%'] : ['-25%', `${45 + lane * 14}%`],
        fontSize,
        color: theme === 'dark' ? '#ddd' : '#555',
        overflow: 'truncate',
        width: single ? width * 0.6 : width * 0.25,
      },
      detail: {
        offsetCenter: single ? ['0%', '40%'] : ['25%', `${45 + lane * 14}%`],
        fontSize: single ? fontSize * 2 : fontSize,
        fontWeight: 'bold',
        color: single ? 'inherit' : itemColor,
      },
    };
  });

  const bounds = numberList(formData.intervals);
  const bands = bounds.length
    ? intervalBands(
        formData.color_scheme,
        bounds,
        numberList(formData.interval_color_indices),
        min,
        max,
      )
    : [];
  const showProgress = formData.show_progress !== false;
  const axisWidth = Math.max(6, Math.min(width, height) * 0.04);
  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number }) =>
        tooltipHtml(params.name, [[metricLabel, formatValue(params.value)]]),
    },
    series: [
      {
        type: 'gauge',
        name: metricLabel,
        data,
        min,
        max,
        startAngle: numberOr(formData.start_angle, 225),
        endAngle: numberOr(formData.end_angle, -45),
        splitNumber: numberOr(formData.split_number, 10),
        radius: '90%',
        center: ['50%', '55%'],
        animation: formData.animation !== false,
        progress: {
          show: showProgress,
          overlap: formData.overlap !== false,
          roundCap: Boolean(formData.round_cap),
          width: axisWidth,
        },
        pointer: { show: formData.show_pointer !== false, width: Math.max(4, fontSize / 3) },
        axisLine: {
          roundCap: Boolean(formData.round_cap),
          lineStyle: {
            width: axisWidth,
            ...(bands.length ? { color: bands } : {}),
          },
        },
        axisTick: { show: Boolean(formData.show_axis_line_ticks), distance: -axisWidth - 2 },
        splitLine: {
          show: Boolean(formData.show_split_line),
          distance: -axisWidth - 2,
          length: axisWidth + 4,
        },
        axisLabel: {
          fontSize,
          distance: axisWidth + 10,
          color: theme === 'dark' ? '#bbb' : '#666',
          formatter: (value: number) => formatNumber(value),
        },
        anchor: { show: formData.show_pointer !== false, size: fontSize, showAbove: true },
        detail: { valueAnimation: formData.animation !== false, formatter: formatValue },
      },
    ],
  };
  return { width, height, option, hooks, theme, points, selected };
}
