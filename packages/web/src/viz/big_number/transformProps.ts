import { getNumberFormatter } from '@tessera/shared/format/number';
import { getTimeFormatter } from '@tessera/shared/format/time';
import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import type { Column } from '@tessera/shared/viz/types';
import type { EChartsCoreOption } from 'echarts/core';
import {
  bigNumberFormatter,
  bigNumberMetric,
  checkMetricColumn,
} from '../big_number_total/transformProps.ts';
import type { BigNumberProps } from '../common/BigNumberView.tsx';
import type { ChartProps } from '../types.ts';

/** Superset's signed percentage of the change against the value `compare_lag` periods ago. */
const formatChange = getNumberFormatter('+.1%');

function colorOf(picker: unknown): string | undefined {
  if (!picker || typeof picker !== 'object') return undefined;
  const { r, g, b, a } = picker as { r?: number; g?: number; b?: number; a?: number };
  if (r === undefined || g === undefined || b === undefined) return undefined;
  return `rgba(${r}, ${g}, ${b}, ${a ?? 1})`;
}

export function transformProps(chartProps: ChartProps): BigNumberProps {
  const { formData } = chartProps;
  const label = bigNumberMetric(chartProps);
  checkMetricColumn(chartProps, label);
  const axis = (formData.x_axis ?? formData.granularity_sqla) as Column | undefined;
  if (axis === undefined || axis === null || axis === '') {
    throw new Error('This chart needs an x-axis: choose a column in the "X-axis" control.');
  }
  const xLabel = getColumnLabel(axis);
  const rows = chartProps.queriesData[0]?.data ?? [];
  const points = rows
    .map((row) => [Number(row[xLabel]), row[label] === null ? null : Number(row[label])] as const)
    .filter(([x]) => Number.isFinite(x))
    .sort((a, b) => a[0] - b[0]);
  // The latest bucket with a value is the big number (a trailing empty bucket is skipped).
  let latest = points.length - 1;
  while (latest >= 0 && points[latest]?.[1] === null) latest--;
  const current = latest >= 0 ? (points[latest] as readonly [number, number | null]) : null;
  const format = bigNumberFormatter(chartProps, label);
  const formatTime = getTimeFormatter(formData.time_format as string | undefined);

  let comparison: BigNumberProps['comparison'] = null;
  const lag = Number.parseInt(String(formData.compare_lag ?? ''), 10);
  if (current && Number.isInteger(lag) && lag > 0 && latest - lag >= 0) {
    const previous = points[latest - lag]?.[1];
    if (typeof previous === 'number' && typeof current[1] === 'number') {
      const change = previous === 0 ? 0 : (current[1] - previous) / Math.abs(previous);
      const suffix = String(formData.compare_suffix ?? '').trim();
      comparison = {
        text: `${formatChange(change)}${suffix ? ` ${suffix}` : ''}`,
        positive: change >= 0,
      };
    }
  }

  const color = colorOf(formData.color_picker) ?? '#007a87';
  const trendline: EChartsCoreOption | null =
    formData.show_trend_line === false || points.length < 2
      ? null
      : {
          animation: points.length < 2000,
          grid: { top: 4, bottom: 4, left: 0, right: 0 },
          xAxis: { type: 'time', show: false },
          yAxis: {
            type: 'value',
            show: false,
            scale: formData.start_y_axis_at_zero === false,
          },
          tooltip: {
            trigger: 'axis',
            confine: true,
            formatter: (raw: unknown) => {
              const p = (Array.isArray(raw) ? raw[0] : raw) as { value: [number, number | null] };
              return `${formatTime(p.value[0])}<br/><b>${format(p.value[1])}</b>`;
            },
          },
          series: [
            {
              type: 'line',
              data: points.map(([x, y]) => [x, y]),
              showSymbol: false,
              symbol: 'circle',
              lineStyle: { color, width: 2 },
              itemStyle: { color },
              areaStyle: {
                color: {
                  type: 'linear',
                  x: 0,
                  y: 0,
                  x2: 0,
                  y2: 1,
                  colorStops: [
                    { offset: 0, color },
                    { offset: 1, color: 'rgba(255, 255, 255, 0)' },
                  ],
                },
                opacity: 0.4,
              },
            },
          ],
        };

  return {
    width: chartProps.width,
    height: chartProps.height,
    formattedNumber: format(current ? current[1] : null),
    comparison,
    subheader: String(formData.subheader ?? ''),
    timestamp: formData.show_timestamp && current ? formatTime(current[0]) : '',
    headerFontSize: Number(formData.header_font_size ?? 0.4) || 0.4,
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15) || 0.15,
    trendline,
    color,
    theme: chartProps.theme,
    hooks: chartProps.hooks,
    testId: 'big-number-chart',
  };
}
