import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { asList, sortsByMetric } from '@tessera/shared/viz/common/partsAndFlows';
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
  requireMetric,
  resultTable,
  selectedLabel,
  tooltipHtml,
} from '../common/partsAndFlows.ts';
import type { ChartProps } from '../types.ts';

export type FunnelChartProps = InteractiveEchartProps;

interface Step {
  name: string;
  value: number;
  percent: number;
  itemStyle: Record<string, unknown>;
}

/** The share each step shows: of the first step, of the step before, or of the total. */
function percentages(values: number[], calculation: unknown): number[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  return values.map((value, i) => {
    const base =
      calculation === 'prev_step'
        ? (values[i - 1] ?? value)
        : calculation === 'total'
          ? total
          : (values[0] ?? 0);
    return base ? value / base : 0;
  });
}

/** Steps from the answer: one per row, in the query's order (widest first when sorted). */
export function transformProps(chartProps: ChartProps): FunnelChartProps {
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
  const names: string[] = [];
  const values: number[] = [];
  for (const row of table.rows) {
    const parts = groupLabels.map((label) => formatDimension(label, row[label]));
    const name = parts.join(', ') || metricLabel;
    names.push(name);
    values.push(metricValue(row, metricLabel) ?? 0);
    points[name] = {
      label: name,
      filters: groupby.map((col, i) => ({
        col,
        val: row[groupLabels[i] as string],
        formattedVal: parts[i] as string,
      })),
    };
  }
  const shares = percentages(values, formData.percent_calculation_type);
  const steps: Step[] = names.map((name, i) => ({
    name,
    value: values[i] as number,
    percent: shares[i] as number,
    itemStyle: { color: color(name), ...fadeUnless(selected, name) },
  }));
  const describe = (type: unknown, step: Step) =>
    formatLabel(type ?? 'key', {
      name: step.name,
      value: formatValue(step.value),
      percent: formatPercent(step.percent),
    });

  const { legend, margin } = legendLayout(formData, names);
  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      show: formData.show_tooltip_labels !== false,
      formatter: (params: { data: Step }) =>
        tooltipHtml(metricLabel, [
          describe(formData.tooltip_label_type ?? 'key_value_percent', params.data),
        ]),
    },
    legend,
    series: [
      {
        type: 'funnel',
        name: metricLabel,
        data: steps,
        sort: sortsByMetric(formData) ? 'descending' : 'none',
        top: margin.top + 16,
        bottom: margin.bottom + 16,
        left: margin.left + width * 0.1,
        right: margin.right + width * 0.1,
        gap: 2,
        animation: false,
        minSize: '5%',
        label: {
          show: formData.show_labels !== false,
          position: 'inside',
          color: '#fff',
          textBorderColor: 'rgba(0,0,0,0.45)',
          textBorderWidth: 2,
          overflow: 'truncate',
          formatter: (params: { data: Step }) => describe(formData.label_type, params.data),
        },
        emphasis: { label: { fontWeight: 'bold' } },
      },
    ],
  };
  return { width, height, option, hooks, theme, points, selected };
}
