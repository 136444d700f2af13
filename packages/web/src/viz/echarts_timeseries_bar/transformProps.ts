import type { TimeseriesChartProps } from '../common/TimeseriesChart.tsx';
import { timeseriesTransformProps } from '../common/timeseriesProps.ts';
import type { ChartProps } from '../types.ts';

export function transformProps(chartProps: ChartProps): TimeseriesChartProps {
  return timeseriesTransformProps(
    chartProps,
    {},
    {
      testId: 'bar-chart',
      horizontal: chartProps.formData.orientation === 'horizontal',
      forced: { seriesType: 'bar', area: false, yAxisIndex: 0 },
    },
  );
}
