import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { ensureArray } from '@tessera/shared/viz/common/distributionQuery';
import {
  type ChartPoint,
  displayValue,
  pointFilter,
  readAnswer,
  requireColumns,
  selectedValues,
  tickRotation,
  toNumber,
} from '../common/distributionChart.ts';
import type { PointsEchartProps } from '../common/PointsEchart.tsx';
import type { ChartProps } from '../types.ts';

export type BoxPlotProps = Omit<PointsEchartProps, 'testId'>;

const STATS = ['min', 'q1', 'median', 'q3', 'max', 'mean', 'count'] as const;

/** Box plot: one box per dimension group (and metric), outliers as points beside it. */
export function transformProps(chartProps: ChartProps): BoxPlotProps {
  const { formData, width, height, theme, hooks } = chartProps;
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  if (!metrics.length)
    throw new Error('Choose at least one metric in "Metrics" to draw this chart.');
  const groupby = ensureArray(formData.groupby).map(getColumnLabel);
  const answer = readAnswer(chartProps);
  requireColumns(answer, [...groupby, ...metrics.map((m) => `${m}__median`)]);

  const formatNumber = getNumberFormatter(formData.number_format as string | undefined);
  const formatTime = getTimeFormatter(formData.date_format as string | undefined);
  const colorOf = getCategoricalScale({
    scheme: formData.color_scheme as string | undefined,
    namespace: chartProps.colorNamespace,
    forcedColors: chartProps.labelColors,
    sliceId: chartProps.sliceId,
  });
  const selected = selectedValues(chartProps.filterState);
  const points: Record<string, ChartPoint> = {};
  const boxes: Array<Record<string, unknown>> = [];
  const statsByName = new Map<string, Array<number | null>>();
  const outliers: Array<Record<string, unknown>> = [];

  for (const row of answer.rows) {
    const parts = groupby.map((col) =>
      answer.temporal.has(col) && row[col] !== null
        ? formatTime(row[col] as number)
        : displayValue(row[col]),
    );
    const group = parts.join(', ') || metrics[0] || '';
    points[group] = {
      label: group,
      filters: groupby.map((col, i) => pointFilter(col, row[col], parts[i])),
    };
    const dimmed = selected.size > 0 && !selected.has(group);
    for (const metric of metrics) {
      const name =
        metrics.length === 1 || !groupby.length
          ? groupby.length
            ? group
            : metric
          : `${group}, ${metric}`;
      const stats = STATS.map((s) => toNumber(row[`${metric}__${s}`]));
      statsByName.set(name, stats);
      const color = colorOf(groupby.length ? group : metric);
      boxes.push({
        name,
        pointKey: group,
        value: stats,
        // Faces are a light tint of the border so the median line stays visible.
        itemStyle: { color: tint(color), borderColor: color, opacity: dimmed ? 0.3 : 1 },
      });
      for (const value of ensureArray(row[`${metric}__outliers`] as number[] | undefined)) {
        outliers.push({ name, pointKey: group, value: [name, value], itemStyle: { color } });
      }
    }
  }

  const rotate = tickRotation(formData.x_ticks_layout);
  const option = {
    animation: false,
    grid: { top: 24, left: 8, right: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: boxes.map((b) => b.name),
      axisLabel: { interval: 0, ...(rotate !== undefined ? { rotate } : {}) },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatNumber(v) }, scale: true },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { seriesType: string; data: { name: string; value: unknown[] } }) => {
        const { name, value } = params.data;
        if (params.seriesType === 'scatter') {
          return `${name}<br/>Outlier: <b>${formatNumber(value[1] as number)}</b>`;
        }
        // ECharts hands the box's value with the category index in front; read our own copy.
        const stats = statsByName.get(name) ?? (value as Array<number | null>);
        const labels = [
          'Min',
          '1st quartile',
          'Median',
          '3rd quartile',
          'Max',
          'Mean',
          'Observations',
        ];
        return [
          `<b>${name}</b>`,
          ...labels.map(
            (l, i) => `${l}: <b>${i === 6 ? String(stats[i] ?? '') : formatNumber(stats[i])}</b>`,
          ),
        ].join('<br/>');
      },
    },
    series: [
      {
        type: 'boxplot',
        name: 'boxplot',
        data: boxes,
        itemStyle: { borderWidth: 1.5 },
      },
      {
        type: 'scatter',
        name: 'outlier',
        data: outliers,
        symbolSize: 5,
        itemStyle: { opacity: 0.6 },
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
    selected: [...selected],
    crossFilter: groupby.length > 0,
  };
}

function tint(color: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  return hex ? `#${hex[1]}40` : color;
}
