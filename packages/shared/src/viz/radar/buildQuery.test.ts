import { describe, expect, it } from 'vitest';
import { radarChart } from './index.ts';

describe('radar buildQuery', () => {
  it('orders by the sort metric when one is chosen (also under its legacy name)', () => {
    const base = {
      datasource: '7__table',
      viz_type: 'radar',
      groupby: ['origin'],
      metrics: ['a', 'b'],
    };
    expect(
      radarChart.buildQuery({ ...base, series_limit_metric: 'c' }).queries[0]?.orderby,
    ).toEqual([['c', false]]);
    expect(
      radarChart.buildQuery({ ...base, timeseries_limit_metric: 'b' }).queries[0]?.orderby,
    ).toEqual([['b', false]]);
  });

  it('asks for nothing to order by without metrics', () => {
    const [query] = radarChart.buildQuery({
      datasource: '7__table',
      viz_type: 'radar',
      groupby: ['origin'],
    }).queries;
    expect(query?.metrics).toEqual([]);
    expect(query?.orderby).toEqual([]);
  });
});
