import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildBubbleQuery } from './buildQuery.ts';

const metric = (column: string, aggregate: 'MAX' | 'SUM') => ({
  expressionType: 'SIMPLE' as const,
  column: { column_name: column },
  aggregate,
  label: column,
});

const formData: QueryFormData = {
  datasource: '2__table',
  viz_type: 'bubble_v2',
  entity: 'country',
  series: 'cluster',
  x: metric('fertility', 'MAX'),
  y: metric('life_expect', 'MAX'),
  size: metric('pop', 'SUM'),
  row_limit: 10000,
};

describe('bubble_v2 buildQuery', () => {
  it('groups by entity and series with the x, y and size metrics', () => {
    const [query] = buildBubbleQuery(formData).queries;
    expect(query?.columns).toEqual(['country', 'cluster']);
    expect(query?.metrics).toEqual([formData.x, formData.y, formData.size]);
    expect(query?.orderby).toEqual([]);
    expect(query?.row_limit).toBe(10000);
  });

  it('orders by the sort metric, descending unless told otherwise', () => {
    const sortBy = metric('pop', 'SUM');
    const [desc] = buildBubbleQuery({ ...formData, series_limit_metric: sortBy }).queries;
    expect(desc?.orderby).toEqual([[sortBy, false]]);
    expect(desc?.series_limit_metric).toBeUndefined();
    const [asc] = buildBubbleQuery({
      ...formData,
      series_limit_metric: sortBy,
      order_desc: false,
    }).queries;
    expect(asc?.orderby).toEqual([[sortBy, true]]);
  });

  it('works without a series', () => {
    const [query] = buildBubbleQuery({ ...formData, series: null }).queries;
    expect(query?.columns).toEqual(['country']);
  });
});
