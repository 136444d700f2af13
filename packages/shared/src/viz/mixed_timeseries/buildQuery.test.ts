import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';
import { mixedTimeseriesExample } from './example.ts';

describe('mixed chart queries', () => {
  it('builds query A and query B, each with its metrics, dimensions and filters', () => {
    const ctx = buildQuery({
      datasource: '4__table',
      viz_type: 'mixed_timeseries',
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: ['count'],
      groupby: ['origin'],
      metrics_b: ['avg__delay'],
      groupby_b: [],
      adhoc_filters: [],
      adhoc_filters_b: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'origin',
          operator: '==',
          comparator: 'SEA',
        },
      ],
      rolling_type_b: 'cumsum',
      series_limit: 5,
    });
    const [a, b] = ctx.queries;
    expect(ctx.queries).toHaveLength(2);
    expect(a?.metrics).toEqual(['count']);
    expect(a?.series_columns).toEqual(['origin']);
    expect(a?.series_limit).toBe(5);
    expect(a?.filters).toEqual([]);
    expect(b?.metrics).toEqual(['avg__delay']);
    expect(b?.columns).toHaveLength(1);
    expect(b?.filters).toEqual([{ col: 'origin', op: '==', val: 'SEA' }]);
    expect(b?.post_processing).toContainEqual({ operation: 'cum', options: { operator: 'sum' } });
    expect(a?.post_processing?.map((r) => r?.operation)).not.toContain('cum');
  });

  it('builds from its saved example', () => {
    const ctx = buildQuery({ datasource: '1__table', ...mixedTimeseriesExample.formData });
    expect(ctx.queries.map((q) => q.metrics)).toEqual([['avg__temp_max'], ['sum__precipitation']]);
  });
});
