import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { asList } from '@tessera/shared/viz/common/partsAndFlows';
import type { Metric } from '@tessera/shared/viz/types';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  formatLabel,
  type InteractivePoint,
  legendLayout,
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
import { AXIS_NAME_FONT_SIZE, AXIS_NAME_LINE_HEIGHT, fitRadar } from './radarFit.ts';

export type RadarChartProps = InteractiveEchartProps;

/** `column_config` is saved as an object; a hand-edited JSON string is accepted too. */
function metricMaxima(config: unknown): Record<string, number | undefined> {
  let parsed = config;
  if (typeof config === 'string') {
    try {
      parsed = config.trim() ? JSON.parse(config) : {};
    } catch {
      throw new Error('"Customize Metrics" is not valid JSON.');
    }
  }
  const maxima: Record<string, number | undefined> = {};
  if (!parsed || typeof parsed !== 'object') return maxima;
  for (const [label, settings] of Object.entries(parsed as Record<string, unknown>)) {
    const max = (settings as { radarMetricMaxValue?: unknown } | null)?.radarMetricMaxValue;
    const n = numberOr(max, null);
    if (n !== null) maxima[label] = n;
  }
  return maxima;
}

/** One polygon per groupby row, one axis (indicator) per metric. */
export function transformProps(chartProps: ChartProps): RadarChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metrics = asList(formData.metrics as Metric[] | undefined);
  if (!metrics.length) requireMetric(null, 'Metrics');
  const metricLabels = metrics.map(getMetricLabel);
  const groupby = asList(formData.groupby);
  const groupLabels = groupby.map(getColumnLabel);
  const table = resultTable(chartProps);
  checkColumns(table, metricLabels, groupLabels);

  const formatDimension = dimensionFormatter(table, formData);
  const formatValue = metricFormatter(formData);
  const color = categoricalColors(chartProps);
  const selected = selectedLabel(chartProps);
  const maxima = metricMaxima(formData.column_config);
  const points: Record<string, InteractivePoint> = {};

  const series = table.rows.map((row) => {
    const parts = groupLabels.map((label) => formatDimension(label, row[label]));
    const name = parts.join(', ') || 'Total';
    points[name] = {
      label: name,
      filters: groupby.map((col, i) => ({
        col,
        val: row[groupLabels[i] as string],
        formattedVal: parts[i] as string,
      })),
    };
    return { name, values: metricLabels.map((label) => metricValue(row, label)) };
  });
  const indicator = metricLabels.map((label, i) => {
    const observed = Math.max(0, ...series.map((s) => s.values[i] ?? 0));
    return { name: label, max: maxima[label] ?? niceCeiling(observed) };
  });

  const labelType = formData.label_type ?? 'value';
  const data = series.map(({ name, values }) => {
    const itemColor = color(name);
    const faded = selected !== null && selected !== name;
    return {
      name,
      value: values.map((v) => v ?? 0),
      itemStyle: { color: itemColor },
      lineStyle: { color: itemColor, width: 2, opacity: faded ? 0.2 : 1 },
      areaStyle: { color: itemColor, opacity: faded ? 0.03 : 0.12 },
      symbolSize: 5,
    };
  });
  const { legend, margin } = legendLayout(
    formData,
    data.map((d) => d.name),
  );
  const fit = fitRadar(metricLabels, {
    left: margin.left,
    top: margin.top,
    width: width - margin.left - margin.right,
    height: height - margin.top - margin.bottom,
  });
  const wrapped = new Map(metricLabels.map((label, i) => [label, fit.names[i] ?? label]));
  const option = {
    color: data.map((d) => d.itemStyle.color),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number[] }) =>
        tooltipHtml(
          params.name,
          metricLabels.map((label, i) => [label, formatValue(params.value?.[i] ?? null)]),
        ),
    },
    legend,
    radar: {
      shape: formData.is_circle ? 'circle' : 'polygon',
      indicator,
      radius: fit.radius,
      center: fit.center,
      axisName: {
        color: theme === 'dark' ? '#ddd' : '#555',
        fontSize: AXIS_NAME_FONT_SIZE,
        lineHeight: AXIS_NAME_LINE_HEIGHT,
        // ECharts only truncates an axis name, so a long one arrives already wrapped.
        formatter: (name: string) => wrapped.get(name) ?? name,
      },
    },
    series: [
      {
        type: 'radar',
        animation: false,
        data,
        label: {
          show: Boolean(formData.show_labels),
          position: formData.label_position ?? 'top',
          formatter: (params: { name: string; value: number }) =>
            formatLabel(labelType, { name: params.name, value: formatValue(params.value) }),
        },
      },
    ],
  };
  return { width, height, option, hooks, theme, points, selected };
}
