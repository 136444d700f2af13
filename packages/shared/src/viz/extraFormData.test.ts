import { describe, expect, it } from 'vitest';
import { buildQuery as buildLineQuery } from './echarts_timeseries_line/buildQuery.ts';
import { timeseriesLineExample } from './echarts_timeseries_line/example.ts';
import { pieChart } from './pie/index.ts';
import type { QueryFormData } from './types.ts';

/** What a native filter or a cross-filter adds to a chart in its scope reaches its query. */

const pie = (extra: QueryFormData['extra_form_data']): QueryFormData => ({
  datasource: '3__table',
  viz_type: 'pie',
  groupby: ['major_genre'],
  metric: 'count',
  adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'gross > 0' }],
  time_range: 'No filter',
  extra_form_data: extra,
});

describe('extra form data from the dashboard', () => {
  it('appends a value filter’s IN filter after the chart’s own filters, marked as extra', () => {
    const [query] = pieChart.buildQuery(
      pie({ filters: [{ col: 'source', op: 'IN', val: ['Remake', 'Original'] }] }),
    ).queries;
    expect(query?.filters).toEqual([
      { col: 'source', op: 'IN', val: ['Remake', 'Original'], isExtra: true },
    ]);
    expect(query?.extras?.where).toBe('(gross > 0)');
  });

  it('joins extra WHERE and HAVING clauses to the chart’s own', () => {
    const [query] = pieChart.buildQuery(
      pie({ extras: { where: 'year > 2000', having: 'COUNT(*) > 1' } }),
    ).queries;
    expect(query?.extras?.where).toBe('((gross > 0)) AND (year > 2000)');
    expect(query?.extras?.having).toBe('COUNT(*) > 1');
  });

  it('overrides the time range and the time column', () => {
    const [query] = pieChart.buildQuery(
      pie({ time_range: 'Last year', time_column: 'release_date' }),
    ).queries;
    expect(query?.time_range).toBe('Last year');
    expect(query?.granularity).toBe('release_date');
  });

  it('gives a time-grain filter’s grain to the x-axis of a time-series chart', () => {
    const formData = {
      datasource: '2__table',
      ...timeseriesLineExample.formData,
      time_grain_sqla: 'P1D',
      extra_form_data: { time_grain_sqla: 'P1M' },
    } as QueryFormData;
    const [query] = buildLineQuery(formData).queries;
    expect(query?.columns?.[0]).toMatchObject({ columnType: 'BASE_AXIS', timeGrain: 'P1M' });
    expect(query?.extras?.time_grain_sqla).toBe('P1M');
  });

  it('leaves a chart without extra form data exactly as it was', () => {
    const [query] = pieChart.buildQuery(pie(undefined)).queries;
    expect(query?.filters).toEqual([]);
    expect(query?.extras?.where).toBe('(gross > 0)');
  });
});
