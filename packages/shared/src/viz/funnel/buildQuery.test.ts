import { describe, expect, it } from 'vitest';
import { funnelChart } from './index.ts';

describe('funnel buildQuery', () => {
  it('keeps the query order when sorting is off', () => {
    const [query] = funnelChart.buildQuery({
      datasource: '5__table',
      viz_type: 'funnel',
      groupby: ['stage'],
      metric: 'count',
      sort_by_metric: false,
    }).queries;
    expect(query?.orderby).toEqual([]);
  });

  it('is a KPI chart named as Superset names it', () => {
    expect(funnelChart.metadata).toMatchObject({
      key: 'funnel',
      name: 'Funnel Chart',
      category: 'KPI',
    });
  });
});
