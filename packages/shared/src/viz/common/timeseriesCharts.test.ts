import { describe, expect, it } from 'vitest';
import { areaExample } from '../echarts_area/example.ts';
import { areaChart } from '../echarts_area/index.ts';
import { timeseriesBarExample } from '../echarts_timeseries_bar/example.ts';
import { timeseriesBarChart } from '../echarts_timeseries_bar/index.ts';
import { timeseriesLineExample } from '../echarts_timeseries_line/example.ts';
import { timeseriesLineChart } from '../echarts_timeseries_line/index.ts';
import { timeseriesScatterExample } from '../echarts_timeseries_scatter/example.ts';
import { timeseriesScatterChart } from '../echarts_timeseries_scatter/index.ts';
import { timeseriesStepExample } from '../echarts_timeseries_step/example.ts';
import { timeseriesStepChart } from '../echarts_timeseries_step/index.ts';

/**
 * The five ECharts time-series chart types send the one shared time-series query; what that query
 * does in detail is specified in `echarts_timeseries_line/buildQuery.test.ts`.
 */
const TIMESERIES_CHARTS = [
  { chart: areaChart, example: areaExample },
  { chart: timeseriesBarChart, example: timeseriesBarExample },
  { chart: timeseriesLineChart, example: timeseriesLineExample },
  { chart: timeseriesScatterChart, example: timeseriesScatterExample },
  { chart: timeseriesStepChart, example: timeseriesStepExample },
].map(({ chart, example }) => ({ key: chart.metadata.key, chart, example }));

describe.each(TIMESERIES_CHARTS)('$key query', ({ key, chart, example }) => {
  it('builds the shared time-series query from its saved example', () => {
    const { formData } = example;
    const ctx = chart.buildQuery({ datasource: '2__table', ...formData });
    const [q] = ctx.queries;
    expect(ctx.queries).toHaveLength(1);
    expect(q?.columns?.[0]).toMatchObject({
      sqlExpression: formData.x_axis,
      columnType: 'BASE_AXIS',
      timeGrain: formData.time_grain_sqla,
    });
    expect(q?.metrics).toEqual(formData.metrics);
    expect(q?.series_columns).toEqual(formData.groupby);
    expect(q?.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: { index: [formData.x_axis], columns: formData.groupby },
    });
  });

  it('builds without metrics or dimensions (the control panel reports what is missing)', () => {
    const q = chart.buildQuery({ datasource: '2__table', viz_type: key, x_axis: 'ds' }).queries[0];
    expect(q?.metrics).toEqual([]);
    expect(q?.orderby).toEqual([]);
  });
});
