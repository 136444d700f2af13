import type { TimeseriesChartProps } from '../common/TimeseriesChart.tsx';
import { timeseriesTransformProps } from '../common/timeseriesProps.ts';
import type { ChartProps } from '../types.ts';

export function transformProps(chartProps: ChartProps): TimeseriesChartProps {
  const seriesType = chartProps.formData.seriesType;
  const step = seriesType === 'middle' || seriesType === 'end' ? seriesType : 'start';
  return timeseriesTransformProps(
    chartProps,
    {},
    { testId: 'step-chart', forced: { seriesType: step, yAxisIndex: 0 } },
  );
}
