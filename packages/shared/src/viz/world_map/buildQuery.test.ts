import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildWorldMapQuery } from './buildQuery.ts';

const formData: QueryFormData = {
  datasource: '5__table',
  viz_type: 'world_map',
  entity: 'country',
  country_fieldtype: 'name',
  metric: 'avg_life',
  secondary_metric: 'sum_pop',
  show_bubbles: true,
  sort_by_metric: true,
  row_limit: 1000,
};

describe('world_map buildQuery', () => {
  it('queries each country with the colour metric and the bubble metric', () => {
    const [query] = buildWorldMapQuery(formData).queries;
    expect(query?.columns).toEqual(['country']);
    expect(query?.metrics).toEqual(['avg_life', 'sum_pop']);
    expect(query?.orderby).toEqual([['avg_life', false]]);
  });

  it('leaves the bubble metric out when bubbles are off', () => {
    const [query] = buildWorldMapQuery({
      ...formData,
      show_bubbles: false,
      sort_by_metric: false,
    }).queries;
    expect(query?.metrics).toEqual(['avg_life']);
    expect(query?.orderby).toEqual([]);
  });
});
