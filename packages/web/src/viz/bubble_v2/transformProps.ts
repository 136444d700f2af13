import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { optionalColumnLabel } from '@tessera/shared/viz/common/distributionQuery';
import {
  type ChartPoint,
  columnLabelOf,
  displayValue,
  metricLabelOf,
  pointFilter,
  readAnswer,
  requireColumns,
  selectedValues,
  toNumber,
} from '../common/distributionChart.ts';
import type { PointsEchartProps } from '../common/PointsEchart.tsx';
import type { ChartProps } from '../types.ts';

export type BubbleProps = Omit<PointsEchartProps, 'testId'>;

const MIN_BUBBLE = 4;

/** Bubble chart: entities placed by two metrics, sized by a third, coloured by series. */
export function transformProps(chartProps: ChartProps): BubbleProps {
  const { formData, width, height, theme, hooks } = chartProps;
  const entity = columnLabelOf(formData.entity, 'Entity');
  const seriesCol = optionalColumnLabel(formData.series);
  const x = metricLabelOf(formData.x, 'X Axis');
  const y = metricLabelOf(formData.y, 'Y Axis');
  const size = metricLabelOf(formData.size, 'Bubble Size');
  const answer = readAnswer(chartProps);
  requireColumns(answer, [entity, x, y, size, ...(seriesCol ? [seriesCol] : [])]);

  const formatX = getNumberFormatter(formData.xAxisFormat as string | undefined);
  const formatY = getNumberFormatter(formData.y_axis_format as string | undefined);
  const formatSize = getNumberFormatter(formData.tooltipSizeFormat as string | undefined);
  const colorOf = getCategoricalScale({
    scheme: formData.color_scheme as string | undefined,
    namespace: chartProps.colorNamespace,
    forcedColors: chartProps.labelColors,
    sliceId: chartProps.sliceId,
  });
  const maxBubble = Number(formData.max_bubble_size) > 0 ? Number(formData.max_bubble_size) : 25;
  const maxSize = Math.max(0, ...answer.rows.map((r) => Math.abs(toNumber(r[size]) ?? 0)));
  // Area, not radius, grows with the metric.
  const diameter = (v: number | null) =>
    maxSize > 0 && v !== null
      ? Math.max(MIN_BUBBLE, maxBubble * Math.sqrt(Math.abs(v) / maxSize))
      : MIN_BUBBLE;
  const opacity = typeof formData.opacity === 'number' ? formData.opacity : 0.6;
  const selected = selectedValues(chartProps.filterState);
  const logX = formData.logXAxis === true;
  const logY = formData.logYAxis === true;

  const points: Record<string, ChartPoint> = {};
  const bySeries = new Map<string, Array<Record<string, unknown>>>();
  for (const row of answer.rows) {
    const name = displayValue(row[entity]);
    const seriesName = seriesCol ? displayValue(row[seriesCol]) : size;
    const xv = toNumber(row[x]);
    const yv = toNumber(row[y]);
    // A log axis cannot place zero or negative values.
    if (xv === null || yv === null || (logX && xv <= 0) || (logY && yv <= 0)) continue;
    points[name] = { label: name, filters: [pointFilter(entity, row[entity], name)] };
    const list = bySeries.get(seriesName) ?? [];
    list.push({
      name,
      pointKey: name,
      value: [xv, yv, toNumber(row[size]), seriesName],
      symbolSize: diameter(toNumber(row[size])),
      itemStyle: { opacity: selected.size && !selected.has(name) ? opacity * 0.3 : opacity },
    });
    bySeries.set(seriesName, list);
  }
  const ordered = [...bySeries].sort(([a], [b]) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const series = ordered.map(([name, data]) => ({
    type: 'scatter',
    name,
    data,
    itemStyle: { color: colorOf(name), borderColor: '#fff', borderWidth: 0.5 },
    emphasis: { focus: 'self', label: { show: true, formatter: '{b}', position: 'top' } },
  }));

  const showLegend = formData.show_legend !== false && seriesCol !== undefined;
  const side = ['top', 'bottom', 'left', 'right'].includes(String(formData.legendOrientation))
    ? String(formData.legendOrientation)
    : 'bottom';
  const vertical = side === 'left' || side === 'right';
  const xTitle = (formData.x_axis_title as string | undefined) || x;
  const yTitle = (formData.y_axis_title as string | undefined) || y;
  const truncateY = formData.truncateYAxis !== false;
  const [yMin, yMax] = Array.isArray(formData.y_axis_bounds) ? formData.y_axis_bounds : [];
  const option = {
    animation: false,
    legend: {
      show: showLegend,
      type: formData.legendType === 'plain' ? 'plain' : 'scroll',
      orient: vertical ? 'vertical' : 'horizontal',
      [side]: 0,
      data: series.map((s) => s.name),
    },
    grid: {
      top: showLegend && side === 'top' ? 48 : 24,
      left: showLegend && side === 'left' ? 120 : 48,
      right: showLegend && side === 'right' ? 120 : 24,
      bottom: showLegend && side === 'bottom' ? 64 : 40,
      containLabel: true,
    },
    xAxis: {
      type: logX ? 'log' : 'value',
      name: xTitle,
      nameLocation: 'middle',
      nameGap: 28,
      scale: true,
      splitLine: { show: false },
      axisLabel: { formatter: (v: number) => formatX(v) },
    },
    yAxis: {
      type: logY ? 'log' : 'value',
      name: yTitle,
      nameLocation: 'middle',
      nameGap: 44,
      scale: true,
      ...(truncateY && toNumber(yMin) !== null ? { min: toNumber(yMin) } : {}),
      ...(truncateY && toNumber(yMax) !== null ? { max: toNumber(yMax) } : {}),
      axisLabel: { formatter: (v: number) => formatY(v) },
    },
    tooltip: {
      trigger: 'item',
      formatter: (params: { name: string; value: [number, number, number | null, string] }) => {
        const [xv, yv, sv, seriesName] = params.value;
        return [
          `<b>${params.name}</b>${seriesCol ? ` (${seriesName})` : ''}`,
          `${x}: <b>${formatX(xv)}</b>`,
          `${y}: <b>${formatY(yv)}</b>`,
          `${size}: <b>${formatSize(sv)}</b>`,
        ].join('<br/>');
      },
    },
    series,
  };
  return {
    width,
    height,
    theme,
    hooks,
    option,
    points,
    selected: [...selected],
    crossFilter: true,
  };
}
