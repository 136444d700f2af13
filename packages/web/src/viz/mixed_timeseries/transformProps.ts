import { asArray } from '@tessera/shared/viz/common/timeseriesQuery';
import { formDataForQueryB } from '@tessera/shared/viz/mixed_timeseries/buildQuery';
import type { Column, Metric } from '@tessera/shared/viz/types';
import type { TimeseriesChartProps } from '../common/TimeseriesChart.tsx';
import { buildTimeseriesModel, seriesStyleOf } from '../common/timeseriesOption.ts';
import { timeseriesChartProps } from '../common/timeseriesProps.ts';
import type { ChartProps } from '../types.ts';

/** Query A and query B on one time axis, each with its own series style and y-axis. */
export function transformProps(chartProps: ChartProps): TimeseriesChartProps {
  const { formData } = chartProps;
  const formDataB = formDataForQueryB(formData);
  const model = buildTimeseriesModel(chartProps, [
    {
      queryIndex: 0,
      formData,
      metrics: asArray(formData.metrics),
      groupby: asArray(formData.groupby),
      style: seriesStyleOf(formData, { seriesType: 'line', yAxisIndex: 0 }),
    },
    {
      queryIndex: 1,
      formData: formDataB,
      metrics: asArray(formData.metrics_b as Metric[] | undefined),
      groupby: asArray(formData.groupby_b as Column[] | undefined),
      style: seriesStyleOf(formData, { seriesType: 'bar', yAxisIndex: 1 }, 'B'),
    },
  ]);
  return timeseriesChartProps(chartProps, model, 'mixed-chart');
}
