import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';
import { timeseriesBarExample } from './example.ts';

describe('echarts_timeseries_bar query', () => {
  it('builds the shared time-series query from its saved example', () => {
    const ctx = buildQuery({ datasource: '2__table', ...timeseriesBarExample.formData });
    const [q] = ctx.queries;
    expect(ctx.queries).toHaveLength(1);
    expect(q?.columns?.[0]).toMatchObject({
      sqlExpression: timeseriesBarExample.formData.x_axis,
      columnType: 'BASE_AXIS',
      timeGrain: timeseriesBarExample.formData.time_grain_sqla,
    });
    expect(q?.metrics).toEqual(timeseriesBarExample.formData.metrics);
    expect(q?.series_columns).toEqual(timeseriesBarExample.formData.groupby);
    expect(q?.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: {
        index: [timeseriesBarExample.formData.x_axis],
        columns: timeseriesBarExample.formData.groupby,
      },
    });
  });

  it('builds without metrics or dimensions (the control panel reports what is missing)', () => {
    const q = buildQuery({
      datasource: '2__table',
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'ds',
    }).queries[0];
    expect(q?.metrics).toEqual([]);
    expect(q?.orderby).toEqual([]);
  });
});
