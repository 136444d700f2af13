import type { TimeseriesChartProps } from '../common/TimeseriesChart.tsx';
import { timeseriesTransformProps } from '../common/timeseriesProps.ts';
import type { ChartProps } from '../types.ts';

export function transformProps(chartProps: ChartProps): TimeseriesChartProps {
  const seriesType = chartProps.formData.seriesType;
  const allowed = ['line', 'smooth', 'start', 'middle', 'end'];
  return timeseriesTransformProps(
    chartProps,
    { opacity: 0.2 },
    {
      testId: 'area-chart',
      forced: {
        area: true,
        yAxisIndex: 0,
        seriesType: allowed.includes(String(seriesType)) ? (seriesType as 'line') : 'line',
      },
    },
  );
}
