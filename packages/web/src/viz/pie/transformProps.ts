import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { asList } from '@tessera/shared/viz/common/partsAndFlows';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  fadeUnless,
  formatLabel,
  formatPercent,
  type InteractivePoint,
  legendLayout,
  metricFormatter,
  metricValue,
  numberOr,
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import { textWidth } from '../common/textMeasure.ts';
import type { ChartProps } from '../types.ts';

export type PieChartProps = InteractiveEchartProps;

interface Slice {
  name: string;
  value: number;
  itemStyle: Record<string, unknown>;
}

const LABEL_FONT_SIZE = 12;
/** The two leader-line segments ECharts draws from the rim to an outside label. */
const LEADER_PX = 30;
/** The smallest share of its box a pie keeps, however long its labels. */
const MIN_RADIUS_SHARE = 0.35;

/**
 * Where the pie goes and how large it is. It is laid out in the box its legend leaves (ECharts
 * keeps outside labels within a series' box and cuts them short there). Its radius is the
 * "Outer radius" share of the chart, as in Superset, but no larger than leaves its outside labels
 * room in the box, so a small tile shows the whole pie and its labels instead of spilling past
 * its edges (a legend beside the pie takes much of a tile's width).
 */
function pieLayout(
  width: number,
  height: number,
  margin: { top: number; bottom: number; left: number; right: number },
  size: { outer: number; inner: number; widestLabel: number },
) {
  const boxWidth = Math.max(1, width - margin.left - margin.right);
  const boxHeight = Math.max(1, height - margin.top - margin.bottom);
  const labelRoom = size.widestLabel > 0 ? size.widestLabel + LEADER_PX : 0;
  const radius = Math.max(
    (Math.min(boxWidth, boxHeight) / 2) * MIN_RADIUS_SHARE,
    Math.min(
      (Math.min(width, height) / 2) * (size.outer / 100),
      boxWidth / 2 - labelRoom,
      boxHeight / 2 - LABEL_FONT_SIZE,
    ),
  );
  return {
    ...margin,
    center: ['50%', '50%'],
    radius: [(radius * size.inner) / size.outer, radius],
  };
}

/** Slices from the answer: one per row, named by its groupby values, sized by the metric. */
export function transformProps(chartProps: ChartProps): PieChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metricLabel = requireMetric(formData.metric);
  const groupby = asList(formData.groupby);
  const groupLabels = groupby.map(getColumnLabel);
  const table = resultTable(chartProps);
  checkColumns(table, [metricLabel], groupLabels);

  const formatDimension = dimensionFormatter(table, formData);
  const formatValue = metricFormatter(formData);
  const color = categoricalColors(chartProps);
  const selected = selectedLabel(chartProps);
  const points: Record<string, InteractivePoint> = {};
  const slices: Slice[] = table.rows.map((row) => {
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
    return {
      name,
      value: metricValue(row, metricLabel) ?? 0,
      itemStyle: { color: color(name), ...fadeUnless(selected, name) },
    };
  });
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const share = (value: number) => (total ? value / total : 0);
  const threshold = numberOr(formData.show_labels_threshold, 5) / 100;
  const labelType = formData.label_type ?? 'key';
  // A slice under the threshold gets no label and no leader line pointing at nothing.
  const data = slices.map((slice) =>
    share(slice.value) < threshold
      ? { ...slice, label: { show: false }, labelLine: { show: false } }
      : slice,
  );

  const { legend, margin } = legendLayout(
    formData,
    slices.map((s) => s.name),
    width,
  );
  const centerX = margin.left + (width - margin.left - margin.right) / 2;
  const centerY = margin.top + (height - margin.top - margin.bottom) / 2;
  const outer = numberOr(formData.outerRadius, 70);
  const inner = formData.donut ? numberOr(formData.innerRadius, 30) : 0;
  const outside = formData.labels_outside !== false;
  const showLabels = formData.show_labels !== false;
  const labelText = (slice: Slice) =>
    formatLabel(labelType, {
      name: slice.name,
      value: formatValue(slice.value),
      percent: formatPercent(share(slice.value)),
    });
  const widestLabel =
    outside && showLabels
      ? Math.max(
          0,
          ...slices
            .filter((slice) => share(slice.value) >= threshold)
            .map((slice) => textWidth(labelText(slice), LABEL_FONT_SIZE)),
        )
      : 0;
  const placement = pieLayout(width, height, margin, { outer, inner, widestLabel });

  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number }) =>
        tooltipHtml(params.name, [
          [metricLabel, `${formatValue(params.value)} (${formatPercent(share(params.value))})`],
        ]),
    },
    legend,
    series: [
      {
        type: 'pie',
        name: metricLabel,
        data,
        ...placement,
        avoidLabelOverlap: true,
        animation: false,
        label: {
          show: showLabels,
          position: outside ? 'outer' : 'inner',
          color: outside ? undefined : '#fff',
          textBorderWidth: outside ? 0 : 1,
          formatter: (params: { name: string; value: number }) =>
            share(params.value) < threshold ? '' : labelText(params as Slice),
        },
        labelLine: { show: outside && Boolean(formData.label_line) },
        labelLayout: { hideOverlap: true },
        emphasis: { label: { show: true, fontWeight: 'bold' } },
      },
    ],
    ...(formData.show_total
      ? {
          graphic: {
            type: 'text',
            left: centerX,
            top: centerY,
            z: 10,
            style: {
              text: `Total: ${formatValue(total)}`,
              fontSize: 16,
              fontWeight: 'bold',
              align: 'center',
              verticalAlign: 'middle',
              fill: theme === 'dark' ? '#eee' : '#333',
            },
          },
        }
      : {}),
  };
  return { width, height, option, hooks, theme, points, selected };
}
