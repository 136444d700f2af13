import { columnOf } from '@tessera/shared/viz/common/partsAndFlows';
import { hasCycle, nodeTotals, readLinks } from '../common/flows.ts';
import type { InteractiveEchartProps } from '../common/InteractiveEchart.tsx';
import {
  categoricalColors,
  checkColumns,
  dimensionFormatter,
  metricFormatter,
  requireColumn,
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import type { ChartProps } from '../types.ts';

export type SankeyChartProps = InteractiveEchartProps;

/** Superset's words for a cyclic sankey. */
export const SANKEY_LOOP_MESSAGE = 'There is a loop in your Sankey, please provide a tree';

interface SankeyParams {
  dataType?: 'node' | 'edge';
  name: string;
  value: number;
  data: { source?: string; target?: string; name?: string };
}

/** Nodes are the source and target values; each row is a link as wide as its metric. */
export function transformProps(chartProps: ChartProps): SankeyChartProps {
  const { formData, width, height, hooks, theme } = chartProps;
  const metricLabel = requireMetric(formData.metric);
  const source = columnOf(formData.source);
  const target = columnOf(formData.target);
  const sourceLabel = requireColumn(source, 'Source');
  const targetLabel = requireColumn(target, 'Target');
  const table = resultTable(chartProps);
  checkColumns(table, [metricLabel], [sourceLabel, targetLabel]);

  const { links, points } = readLinks(
    table.rows,
    { column: source as NonNullable<typeof source>, label: sourceLabel },
    { column: target as NonNullable<typeof target>, label: targetLabel },
    metricLabel,
    dimensionFormatter(table, formData),
  );
  if (hasCycle(links)) throw new Error(SANKEY_LOOP_MESSAGE);

  const formatValue = metricFormatter(formData);
  const color = categoricalColors(chartProps);
  const selected = selectedLabel(chartProps);
  const totals = nodeTotals(links, 'max');
  const nodes = [...totals.keys()].map((name) => ({ name, itemStyle: { color: color(name) } }));
  const data = links.map((link) => ({
    source: link.source,
    target: link.target,
    value: link.value,
    pointKey: link.pointKey,
    ...(selected !== null && selected !== link.pointKey ? { lineStyle: { opacity: 0.08 } } : {}),
  }));

  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: SankeyParams) =>
        params.dataType === 'edge'
          ? tooltipHtml(`${params.data.source} \u2192 ${params.data.target}`, [
              [metricLabel, formatValue(params.value)],
            ])
          : tooltipHtml(params.name, [[metricLabel, formatValue(totals.get(params.name) ?? 0)]]),
    },
    series: [
      {
        type: 'sankey',
        animation: false,
        data: nodes,
        links: data,
        top: 16,
        bottom: 16,
        left: 16,
        right: 120,
        nodeGap: 10,
        draggable: false,
        layoutIterations: 32,
        emphasis: { focus: 'adjacency' },
        lineStyle: { color: 'gradient', curveness: 0.5, opacity: 0.35 },
        label: { color: theme === 'dark' ? '#ddd' : '#333' },
      },
    ],
  };
  return { width, height, option, hooks, theme, points, selected };
}
