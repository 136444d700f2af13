import { asArray } from '@tessera/shared/viz/common/timeseriesQuery';
import type { ChartProps } from '../types.ts';
import type { TimeseriesChartProps } from './TimeseriesChart.tsx';
import { buildTimeseriesModel, type SeriesStyle, seriesStyleOf } from './timeseriesOption.ts';

/**
 * transformProps of the one-query time-series types: each passes the defaults of its series
 * style (a bar chart draws bars, an area chart fills, ...).
 */
export function timeseriesTransformProps(
  chartProps: ChartProps,
  defaults: Partial<SeriesStyle>,
  options: { horizontal?: boolean; testId: string; forced?: Partial<SeriesStyle> },
): TimeseriesChartProps {
  const { formData } = chartProps;
  const style = { ...seriesStyleOf(formData, defaults), ...options.forced };
  const model = buildTimeseriesModel(
    chartProps,
    [
      {
        queryIndex: 0,
        formData,
        metrics: asArray(formData.metrics),
        groupby: asArray(formData.groupby),
        style,
      },
    ],
    options,
  );
  return timeseriesChartProps(chartProps, model, options.testId);
}

export function timeseriesChartProps(
  chartProps: ChartProps,
  model: ReturnType<typeof buildTimeseriesModel>,
  testId: string,
): TimeseriesChartProps {
  const selected = chartProps.filterState?.selectedValues;
  return {
    width: chartProps.width,
    height: chartProps.height,
    theme: chartProps.theme,
    hooks: chartProps.hooks,
    datasource: chartProps.datasource,
    option: model.option,
    seriesMeta: model.seriesMeta,
    xLabel: model.xLabel,
    xType: model.xType,
    grain: (chartProps.formData.time_grain_sqla as string | undefined) ?? null,
    formatX: model.formatX,
    selected: Array.isArray(selected) ? selected.map(String) : [],
    testId,
  };
}
