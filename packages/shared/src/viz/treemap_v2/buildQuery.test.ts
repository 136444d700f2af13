import { describe, expect, it } from 'vitest';
import { treemapChart } from './index.ts';

describe('treemap buildQuery', () => {
  it('passes adhoc (SQL) columns as they are', () => {
    const level = {
      sqlExpression: 'UPPER(source)',
      label: 'Source',
      expressionType: 'SQL' as const,
    };
    const [query] = treemapChart.buildQuery({
      datasource: '4__table',
      viz_type: 'treemap_v2',
      groupby: [level],
      metric: 'count',
      sort_by_metric: false,
    }).queries;
    expect(query?.columns).toEqual([level]);
    expect(query?.orderby).toEqual([]);
  });

  it('is named as Superset names it', () => {
    expect(treemapChart.metadata).toMatchObject({
      key: 'treemap_v2',
      name: 'Treemap',
      category: 'Part of a Whole',
    });
  });
});
