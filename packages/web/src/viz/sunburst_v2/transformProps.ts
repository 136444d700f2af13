import { getSequentialScale } from '@tessera/shared/color/sequential';
import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { asList } from '@tessera/shared/viz/common/partsAndFlows';
import type { Metric } from '@tessera/shared/viz/types';
import {
  buildHierarchy,
  type HierarchyNode,
  hierarchyPoints,
  walkHierarchy,
} from '../common/hierarchy.ts';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  formatLabel,
  formatPercent,
  metricFormatter,
  numberOr,
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import type { ChartProps } from '../types.ts';

export type SunburstChartProps = InteractiveEchartProps;

interface SunburstItem {
  name: string;
  value: number;
  secondary: number;
  pointKey: string;
  path: string;
  itemStyle: Record<string, unknown>;
  children?: SunburstItem[];
}

/**
 * Rings from the hierarchy (`columns`, innermost first). Colours are categorical by label, or,
 * with a secondary metric, a sequential scale of secondary / primary per arc.
 */
export function transformProps(chartProps: ChartProps): SunburstChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metricLabel = requireMetric(formData.metric, 'Primary Metric');
  const secondaryMetric = formData.secondary_metric as Metric | null | undefined;
  const secondaryLabel =
    secondaryMetric && getMetricLabel(secondaryMetric) !== metricLabel
      ? getMetricLabel(secondaryMetric)
      : undefined;
  const levels = asList(formData.columns).map((column) => ({
    column,
    label: getColumnLabel(column),
  }));
  if (!levels.length) {
    throw new Error('This chart needs at least one column in the "Hierarchy" control.');
  }
  const table = resultTable(chartProps);
  checkColumns(
    table,
    secondaryLabel ? [metricLabel, secondaryLabel] : [metricLabel],
    levels.map((l) => l.label),
  );

  const formatValue = metricFormatter(formData);
  const selected = selectedLabel(chartProps);
  const roots = buildHierarchy(
    table.rows,
    levels,
    dimensionFormatter(table, formData),
    metricLabel,
    secondaryLabel,
  );
  const points = hierarchyPoints(roots);
  const total = roots.reduce((sum, node) => sum + node.value, 0);

  const ratio = (node: HierarchyNode) => (node.value ? node.secondary / node.value : 0);
  let colorOf: (node: HierarchyNode) => string;
  if (secondaryLabel) {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    walkHierarchy(roots, (node) => {
      low = Math.min(low, ratio(node));
      high = Math.max(high, ratio(node));
    });
    const scale = getSequentialScale(
      (formData.linear_color_scheme as string | undefined) ?? null,
      Number.isFinite(low) ? [low, high] : [0, 1],
    );
    colorOf = (node) => scale(ratio(node));
  } else {
    const color = categoricalColors(chartProps);
    colorOf = (node) => color(node.name);
  }

  const toItem = (node: HierarchyNode): SunburstItem => {
    const label = points[node.pointKey]?.label ?? node.name;
    const faded = selected !== null && selected !== label && !selected.startsWith(`${label}, `);
    return {
      name: node.name,
      value: node.value,
      secondary: node.secondary,
      pointKey: node.pointKey,
      path: label,
      itemStyle: { color: colorOf(node), ...(faded ? { opacity: 0.3 } : {}) },
      ...(node.children.length ? { children: node.children.map(toItem) } : {}),
    };
  };

  const threshold = numberOr(formData.show_labels_threshold, 5) / 100;
  const labelType = formData.label_type ?? 'key';
  const showTotal = Boolean(formData.show_total);
  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { data: SunburstItem }) => {
        const item = params.data;
        if (!item) return '';
        const lines: Array<[string, string]> = [
          [metricLabel, formatValue(item.value)],
          ['% of total', formatPercent(total ? item.value / total : 0)],
        ];
        if (secondaryLabel) {
          lines.push([secondaryLabel, formatValue(item.secondary)]);
          lines.push([
            `${secondaryLabel} / ${metricLabel}`,
            formatPercent(item.value ? item.secondary / item.value : 0),
          ]);
        }
        return tooltipHtml(item.path, lines);
      },
    },
    series: [
      {
        type: 'sunburst',
        name: metricLabel,
        data: roots.map(toItem),
        center: ['50%', '50%'],
        radius: [showTotal ? '22%' : 0, '95%'],
        animation: false,
        nodeClick: false,
        itemStyle: { borderColor: theme === 'dark' ? '#222' : '#fff', borderWidth: 1 },
        label: {
          show: formData.show_labels !== false,
          rotate: 'radial',
          overflow: 'truncate',
          minAngle: 6,
          color: '#fff',
          textBorderColor: 'rgba(0,0,0,0.4)',
          textBorderWidth: 2,
          formatter: (params: { data: SunburstItem }) =>
            !params.data || (total && params.data.value / total < threshold)
              ? ''
              : formatLabel(labelType, {
                  name: params.data.name,
                  value: formatValue(params.data.value),
                }),
        },
        emphasis: { focus: 'ancestor' },
      },
    ],
    ...(showTotal
      ? {
          graphic: {
            type: 'text',
            left: 'center',
            top: 'middle',
            z: 10,
            style: {
              text: `Total: ${formatValue(total)}`,
              fontSize: 14,
              fontWeight: 'bold',
              fill: theme === 'dark' ? '#eee' : '#333',
            },
          },
        }
      : {}),
  };
  return { width, height, option, hooks, theme, points, selected };
}
