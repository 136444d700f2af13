import { describe, expect, it } from 'vitest';
import { sankeyChart } from './index.ts';

describe('sankey buildQuery', () => {
  it('keeps the database order when sorting is off', () => {
    const [query] = sankeyChart.buildQuery({
      datasource: '8__table',
      viz_type: 'sankey_v2',
      source: 'a',
      target: 'b',
      metric: 'count',
      sort_by_metric: false,
      row_limit: '50',
    }).queries;
    expect(query?.orderby).toEqual([]);
    expect(query?.row_limit).toBe(50);
  });

  it('is a flow chart named as Superset names it', () => {
    expect(sankeyChart.metadata).toMatchObject({
      key: 'sankey_v2',
      name: 'Sankey Chart',
      category: 'Flow',
    });
  });
});
