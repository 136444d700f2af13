import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';
import { timeseriesStepExample } from './example.ts';

describe('echarts_timeseries_step query', () => {
  it('builds the shared time-series query from its saved example', () => {
    const ctx = buildQuery({ datasource: '2__table', ...timeseriesStepExample.formData });
    const [q] = ctx.queries;
    expect(ctx.queries).toHaveLength(1);
    expect(q?.columns?.[0]).toMatchObject({
      sqlExpression: timeseriesStepExample.formData.x_axis,
      columnType: 'BASE_AXIS',
      timeGrain: timeseriesStepExample.formData.time_grain_sqla,
    });
    expect(q?.metrics).toEqual(timeseriesStepExample.formData.metrics);
    expect(q?.series_columns).toEqual(timeseriesStepExample.formData.groupby);
    expect(q?.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: {
        index: [timeseriesStepExample.formData.x_axis],
        columns: timeseriesStepExample.formData.groupby,
      },
    });
  });

  it('builds without metrics or dimensions (the control panel reports what is missing)', () => {
    const q = buildQuery({
      datasource: '2__table',
      viz_type: 'echarts_timeseries_step',
      x_axis: 'ds',
    }).queries[0];
    expect(q?.metrics).toEqual([]);
    expect(q?.orderby).toEqual([]);
  });
});
