import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';
import { bigNumberExample } from './example.ts';

describe('big number with trendline query', () => {
  it('asks the metric per time bucket, newest first, pivoted on the x-axis', () => {
    const q = buildQuery({ datasource: '1__table', ...bigNumberExample.formData }).queries[0];
    expect(q?.metrics).toEqual(['avg__price']);
    expect(q?.columns?.[0]).toMatchObject({ sqlExpression: 'date', timeGrain: 'P1M' });
    expect(q?.orderby).toEqual([['date', false]]);
    expect(q?.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['date'],
          columns: [],
          aggregates: { avg__price: { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      { operation: 'flatten', options: {} },
    ]);
  });

  it('adds a rolling window when asked', () => {
    const q = buildQuery({
      datasource: '1__table',
      viz_type: 'big_number',
      x_axis: 'ds',
      metric: 'count',
      rolling_type: 'sum',
      rolling_periods: 7,
    }).queries[0];
    expect(q?.post_processing).toContainEqual({
      operation: 'rolling',
      options: { rolling_type: 'sum', window: 7, min_periods: 0 },
    });
  });
});
