import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { columnOf } from '@tessera/shared/viz/common/partsAndFlows';
import { nodeTotals, readLinks } from '../common/flows.ts';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  legendLayout,
  metricFormatter,
  numberOr,
  requireColumn,
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import { textWidth } from '../common/textMeasure.ts';
import type { ChartProps } from '../types.ts';
import { EDGE_CURVENESS, LABEL_FONT_SIZE, placeNodes } from './forceLayout.ts';

export type GraphChartProps = InteractiveEchartProps;

interface GraphParams {
  dataType?: 'node' | 'edge';
  name: string;
  value: number;
  data: { source?: string; target?: string; category?: number };
}

/** Maps a value within [min, max] onto [base / 2, base * 2]: the largest is 4 times the smallest. */
function scaler(values: number[], base: number): (value: number) => number {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return (value) => (max > min ? base * (0.5 + (1.5 * (value - min)) / (max - min)) : base);
}

/** Room between a node and its label, and the least of the box the ring itself keeps. */
const LABEL_GAP_PX = 8;
const MIN_RING_SHARE = 0.4;

/**
 * The circular layout's box: ECharts fits the ring's nodes to it and turns each label outwards
 * along its radius, so the box leaves room on every side for the longest label. In a small tile
 * that room is capped so the ring keeps most of the tile; labels longer than it end in "...".
 */
function circleBox(
  chart: {
    width: number;
    height: number;
    margin: Record<'top' | 'bottom' | 'left' | 'right', number>;
  },
  labelled: string[],
  largestSymbol: number,
) {
  const { width, height, margin } = chart;
  const inner = Math.min(width - margin.left - margin.right, height - margin.top - margin.bottom);
  const longest = Math.max(0, ...labelled.map((name) => textWidth(name, LABEL_FONT_SIZE)));
  const wanted = longest + largestSymbol / 2 + LABEL_GAP_PX;
  const room = Math.max(
    largestSymbol / 2 + 4,
    Math.min(wanted, (inner * (1 - MIN_RING_SHARE)) / 2),
  );
  return {
    view: {
      top: margin.top + room,
      bottom: margin.bottom + room,
      left: margin.left + room,
      right: margin.right + room,
    },
    // A pixel over the measured width: ECharts cuts a label that only just fits.
    labelWidth: Math.max(0, Math.ceil(room - largestSymbol / 2 - LABEL_GAP_PX) + 1),
  };
}

/**
 * Nodes are the source and target values (sized by the metric they carry), edges the rows.
 * Categories (source_category / target_category) colour the nodes and fill the legend.
 */
export function transformProps(chartProps: ChartProps): GraphChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metricLabel = requireMetric(formData.metric);
  const source = columnOf(formData.source);
  const target = columnOf(formData.target);
  const sourceLabel = requireColumn(source, 'Source');
  const targetLabel = requireColumn(target, 'Target');
  const sourceCategory = columnOf(formData.source_category);
  const targetCategory = columnOf(formData.target_category);
  const categoryLabels = [sourceCategory, targetCategory].map((c) =>
    c === undefined ? undefined : getColumnLabel(c),
  );
  const table = resultTable(chartProps);
  checkColumns(
    table,
    [metricLabel],
    [sourceLabel, targetLabel, ...categoryLabels.filter((c): c is string => c !== undefined)],
  );

  const formatDimension = dimensionFormatter(table, formData);
  const { links, points } = readLinks(
    table.rows,
    { column: source as NonNullable<typeof source>, label: sourceLabel },
    { column: target as NonNullable<typeof target>, label: targetLabel },
    metricLabel,
    formatDimension,
  );
  const formatValue = metricFormatter(formData);
  const color = categoricalColors(chartProps);
  const selected = selectedLabel(chartProps);

  // A node takes the first category it is seen with, as Superset does.
  const categories: string[] = [];
  const nodeCategory = new Map<string, number>();
  const assign = (
    node: string,
    categoryLabel: string | undefined,
    row: Record<string, unknown>,
  ) => {
    if (categoryLabel === undefined || nodeCategory.has(node)) return;
    const category = formatDimension(categoryLabel, row[categoryLabel]);
    let index = categories.indexOf(category);
    if (index < 0) index = categories.push(category) - 1;
    nodeCategory.set(node, index);
  };
  for (const link of links) {
    assign(link.source, categoryLabels[0], link.row);
    assign(link.target, categoryLabels[1], link.row);
  }

  const totals = nodeTotals(links, 'sum');
  const names = [...totals.keys()];
  const nodeSize = scaler([...totals.values()], numberOr(formData.baseNodeSize, 20));
  const edgeWidth = scaler(
    links.map((l) => l.value),
    numberOr(formData.baseEdgeWidth, 3),
  );
  const labelThreshold = numberOr(formData.showSymbolThreshold, 0);
  const circular = formData.layout === 'circular';
  const useCategories = categories.length > 0;
  const { legend, margin } = legendLayout(formData, useCategories ? categories : []);

  const sizes = names.map((name) => nodeSize(totals.get(name) ?? 0));
  const placed = circular
    ? null
    : placeNodes(names, sizes, links, {
        settings: {
          repulsion: numberOr(formData.repulsion, 1000),
          gravity: numberOr(formData.gravity, 0.3),
          edgeLength: numberOr(formData.edgeLength, 400),
          friction: numberOr(formData.friction, 0.2),
        },
        labelled: (i) => (totals.get(names[i] as string) ?? 0) >= labelThreshold,
        box: {
          left: margin.left,
          top: margin.top,
          width: width - margin.left - margin.right,
          height: height - margin.top - margin.bottom,
        },
      });
  const ringBox = circleBox(
    { width, height, margin },
    names.filter((name) => (totals.get(name) ?? 0) >= labelThreshold),
    Math.max(0, ...sizes),
  );
  const nodes = names.map((name, i) => {
    const value = totals.get(name) ?? 0;
    const category = nodeCategory.get(name);
    return {
      name,
      value,
      symbolSize: sizes[i],
      ...(placed ? { x: placed.positions[2 * i], y: placed.positions[2 * i + 1] } : {}),
      ...(category !== undefined ? { category } : {}),
      ...(useCategories ? {} : { itemStyle: { color: color(name) } }),
      label: { show: value >= labelThreshold },
    };
  });
  const edges = links.map((link) => ({
    source: link.source,
    target: link.target,
    value: link.value,
    pointKey: link.pointKey,
    lineStyle: {
      width: edgeWidth(link.value),
      ...(selected !== null && selected !== link.pointKey ? { opacity: 0.08 } : {}),
    },
  }));
  const roam = formData.roam;
  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: GraphParams) =>
        params.dataType === 'edge'
          ? tooltipHtml(`${params.data.source} \u2192 ${params.data.target}`, [
              [metricLabel, formatValue(params.value)],
            ])
          : tooltipHtml(params.name, [
              [metricLabel, formatValue(params.value)],
              ...(params.data.category !== undefined
                ? [['Category', categories[params.data.category] ?? ''] as [string, string]]
                : []),
            ]),
    },
    legend,
    series: [
      {
        type: 'graph',
        animation: false,
        // The force layout is computed here and fitted to the box; ECharts only draws it.
        layout: circular ? 'circular' : 'none',
        data: nodes,
        links: edges,
        categories: categories.map((name) => ({ name, itemStyle: { color: color(name) } })),
        // Drawn 1:1: ECharts maps the nodes' bounding box onto this rectangle.
        ...(placed ? placed.view : ringBox.view),
        roam: roam === 'true' ? true : roam === 'false' ? false : (roam ?? false),
        draggable: !circular && Boolean(formData.draggable),
        edgeSymbol: String(formData.edgeSymbol ?? 'none,arrow').split(','),
        edgeSymbolSize: 8,
        selectedMode: false,
        label: {
          position: 'right',
          fontSize: LABEL_FONT_SIZE,
          color: theme === 'dark' ? '#ddd' : '#333',
          ...(placed ? {} : { width: ringBox.labelWidth, overflow: 'truncate' }),
        },
        labelLayout: { hideOverlap: true },
        lineStyle: { color: 'source', curveness: EDGE_CURVENESS, opacity: 0.6 },
        emphasis: { focus: 'adjacency', lineStyle: { opacity: 1 } },
        circular: { rotateLabel: true },
      },
    ],
  };
  return { width, height, option, hooks, theme, points, selected };
}
