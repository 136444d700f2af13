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
import type { ChartProps } from '../types.ts';

export type PieChartProps = InteractiveEchartProps;

interface Slice {
  name: string;
  value: number;
  itemStyle: Record<string, unknown>;
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
  );
  const centerX = margin.left + (width - margin.left - margin.right) / 2;
  const centerY = margin.top + (height - margin.top - margin.bottom) / 2;
  const outer = numberOr(formData.outerRadius, 70);
  const inner = formData.donut ? numberOr(formData.innerRadius, 30) : 0;
  const outside = formData.labels_outside !== false;

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
        center: [centerX, centerY],
        radius: [`${inner}%`, `${outer}%`],
        avoidLabelOverlap: true,
        animation: false,
        label: {
          show: formData.show_labels !== false,
          position: outside ? 'outer' : 'inner',
          color: outside ? undefined : '#fff',
          textBorderWidth: outside ? 0 : 1,
          formatter: (params: { name: string; value: number }) =>
            share(params.value) < threshold
              ? ''
              : formatLabel(labelType, {
                  name: params.name,
                  value: formatValue(params.value),
                  percent: formatPercent(share(params.value)),
                }),
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
