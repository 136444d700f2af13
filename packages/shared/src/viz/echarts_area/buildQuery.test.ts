import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';
import { areaExample } from './example.ts';

describe('echarts_area query', () => {
  it('builds the shared time-series query from its saved example', () => {
    const ctx = buildQuery({ datasource: '2__table', ...areaExample.formData });
    const [q] = ctx.queries;
    expect(ctx.queries).toHaveLength(1);
    expect(q?.columns?.[0]).toMatchObject({
      sqlExpression: areaExample.formData.x_axis,
      columnType: 'BASE_AXIS',
      timeGrain: areaExample.formData.time_grain_sqla,
    });
    expect(q?.metrics).toEqual(areaExample.formData.metrics);
    expect(q?.series_columns).toEqual(areaExample.formData.groupby);
    expect(q?.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: { index: [areaExample.formData.x_axis], columns: areaExample.formData.groupby },
    });
  });

  it('builds without metrics or dimensions (the control panel reports what is missing)', () => {
    const q = buildQuery({ datasource: '2__table', viz_type: 'echarts_area', x_axis: 'ds' })
      .queries[0];
    expect(q?.metrics).toEqual([]);
    expect(q?.orderby).toEqual([]);
  });
});
