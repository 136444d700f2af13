import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { asList } from '@tessera/shared/viz/common/partsAndFlows';
import { buildHierarchy, type HierarchyNode, hierarchyPoints } from '../common/hierarchy.ts';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  formatLabel,
  formatPercent,
  metricFormatter,
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import type { ChartProps } from '../types.ts';

export type TreemapChartProps = InteractiveEchartProps;

interface TreemapItem {
  name: string;
  value: number;
  pointKey: string;
  path: string;
  itemStyle?: Record<string, unknown>;
  children?: TreemapItem[];
}

/** Nested rectangles: the first groupby is the outer level, areas sum the metric. */
export function transformProps(chartProps: ChartProps): TreemapChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metricLabel = requireMetric(formData.metric);
  const groupby = asList(formData.groupby);
  const levels = groupby.map((column) => ({ column, label: getColumnLabel(column) }));
  const table = resultTable(chartProps);
  checkColumns(
    table,
    [metricLabel],
    levels.map((l) => l.label),
  );

  const formatValue = metricFormatter(formData);
  const color = categoricalColors(chartProps);
  const selected = selectedLabel(chartProps);
  const roots = buildHierarchy(
    table.rows,
    levels,
    dimensionFormatter(table, formData),
    metricLabel,
  );
  const points = hierarchyPoints(roots);
  const total = roots.reduce((sum, node) => sum + node.value, 0);

  // Only the outer level is coloured: inner levels inherit it, shaded by `levels` below.
  const toItem = (node: HierarchyNode, rootColor?: string): TreemapItem => {
    const label = points[node.pointKey]?.label ?? node.name;
    const faded = selected !== null && selected !== label && !selected.startsWith(`${label}, `);
    return {
      name: node.name,
      value: node.value,
      pointKey: node.pointKey,
      path: label,
      itemStyle: {
        ...(rootColor ? { color: rootColor } : {}),
        ...(faded ? { opacity: 0.3 } : {}),
      },
      ...(node.children.length ? { children: node.children.map((child) => toItem(child)) } : {}),
    };
  };
  // Without groupby the metric is one rectangle.
  const data = roots.length
    ? roots.map((node) => toItem(node, color(node.name)))
    : table.rows.length
      ? [{ name: metricLabel, value: total, pointKey: '', path: metricLabel }]
      : [];

  const labelType = formData.label_type ?? 'key_value';
  const labelText = (params: { name: string; value: number }) =>
    formatLabel(labelType, { name: params.name, value: formatValue(params.value) });
  const zoomable = !hooks.setDataMask;
  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { data: TreemapItem; value: number }) =>
        tooltipHtml(params.data?.path ?? '', [
          [metricLabel, formatValue(params.value)],
          ['% of total', formatPercent(total ? params.value / total : 0)],
        ]),
    },
    series: [
      {
        type: 'treemap',
        name: metricLabel,
        data,
        top: 0,
        left: 0,
        right: 0,
        bottom: zoomable ? 28 : 0,
        roam: false,
        animation: false,
        nodeClick: zoomable ? 'zoomToNode' : false,
        breadcrumb: { show: zoomable, bottom: 2, height: 20 },
        label: {
          show: formData.show_labels !== false,
          position: 'insideTopLeft',
          overflow: 'truncate',
          formatter: labelText,
        },
        upperLabel: {
          show: formData.show_upper_labels !== false,
          height: 20,
          // The header's background is the group's border colour (the chart background).
          color: theme === 'dark' ? '#ddd' : '#333',
          fontWeight: 'bold',
          overflow: 'truncate',
          formatter: labelText,
        },
        itemStyle: { borderColor: theme === 'dark' ? '#222' : '#fff', borderWidth: 1, gapWidth: 1 },
        // Level 0 is the (hidden) root; level 1, the outer groups, carries the upper labels.
        levels: [
          { itemStyle: { borderWidth: 0, gapWidth: 2 }, upperLabel: { show: false } },
          {
            itemStyle: {
              borderWidth: 2,
              gapWidth: 1,
              borderColor: theme === 'dark' ? '#222' : '#fff',
            },
          },
          { colorSaturation: [0.35, 0.55], itemStyle: { gapWidth: 1, borderColorSaturation: 0.6 } },
        ],
      },
    ],
  };
  return { width, height, option, hooks, theme, points, selected };
}
