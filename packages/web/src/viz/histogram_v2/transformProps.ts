import { getCategoricalScale } from '@tessera/shared/color/categorical';
import { getNumberFormatter } from '@tessera/shared/format/number';
import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { ensureArray } from '@tessera/shared/viz/common/distributionQuery';
import {
  columnLabelOf,
  displayValue,
  readAnswer,
  requireColumns,
} from '../common/distributionChart.ts';
import type { PointsEchartProps } from '../common/PointsEchart.tsx';
import type { ChartProps } from '../types.ts';

export type HistogramProps = Omit<PointsEchartProps, 'testId'>;

const BIN = /^(-?[\d.e+-]+) - (-?[\d.e+-]+)$/;

/** A bin's label from the server ("2700.0 - 3000.0") with its edges in the x-axis format. */
function binLabel(raw: string, format: (n: number) => string): string {
  const edges = BIN.exec(raw);
  return edges ? `${format(Number(edges[1]))} - ${format(Number(edges[2]))}` : raw;
}

/** Histogram: the server's bins as bars, one series per dimension group. */
export function transformProps(chartProps: ChartProps): HistogramProps {
  const { formData, width, height, theme, hooks } = chartProps;
  const column = columnLabelOf(formData.column, 'Column');
  const groupby = ensureArray(formData.groupby).map(getColumnLabel);
  const answer = readAnswer(chartProps);
  requireColumns(answer, groupby);
  const bins = answer.colnames.filter((name) => !groupby.includes(name));
  if (answer.rows.length && !bins.every((b) => BIN.test(b))) {
    throw new Error(
      `The query results are not binned: run the query again so that "${column}" is grouped into bins.`,
    );
  }

  const normalize = formData.normalize === true;
  const formatX = getNumberFormatter(formData.x_axis_format as string | undefined);
  const formatY = getNumberFormatter(
    (formData.y_axis_format as string | undefined) || (normalize ? ',.1%' : undefined),
  );
  const colorOf = getCategoricalScale({
    scheme: formData.color_scheme as string | undefined,
    namespace: chartProps.colorNamespace,
    forcedColors: chartProps.labelColors,
    sliceId: chartProps.sliceId,
  });
  const series = answer.rows.map((row) => {
    const name = groupby.length ? groupby.map((g) => displayValue(row[g])).join(', ') : column;
    return {
      type: 'bar',
      name,
      data: bins.map((bin) => row[bin]),
      itemStyle: { color: colorOf(name) },
      barGap: '0%',
      barCategoryGap: groupby.length > 1 ? '10%' : '2%',
      label: {
        show: formData.show_value === true,
        position: 'top',
        formatter: (params: { value: number }) => formatY(params.value),
      },
    };
  });
  const showLegend = formData.show_legend !== false && groupby.length > 0;
  const xTitle = (formData.x_axis_title as string | undefined) || '';
  const yTitle = (formData.y_axis_title as string | undefined) || '';
  const option = {
    animation: false,
    legend: { show: showLegend, type: 'scroll', top: 0, data: series.map((s) => s.name) },
    grid: {
      top: showLegend ? 36 : 16,
      left: yTitle ? 36 : 8,
      right: 16,
      bottom: xTitle ? 32 : 8,
      containLabel: true,
    },
    xAxis: {
      type: 'category',
      data: bins.map((b) => binLabel(b, formatX)),
      name: xTitle,
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: {
      type: 'value',
      name: yTitle,
      nameLocation: 'middle',
      nameGap: 48,
      axisLabel: { formatter: (v: number) => formatY(v) },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => formatY(v),
    },
    series,
  };
  return { width, height, theme, hooks, option, points: {}, selected: [], crossFilter: false };
}
