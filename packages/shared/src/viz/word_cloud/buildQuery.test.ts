import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildWordCloudQuery } from './buildQuery.ts';

const formData: QueryFormData = {
  datasource: '4__table',
  viz_type: 'word_cloud',
  series: 'director',
  metric: 'count',
  row_limit: 100,
  sort_by_metric: true,
};

describe('word_cloud buildQuery', () => {
  it('asks for the biggest words first', () => {
    const [query] = buildWordCloudQuery(formData).queries;
    expect(query?.columns).toEqual(['director']);
    expect(query?.metrics).toEqual(['count']);
    expect(query?.orderby).toEqual([['count', false]]);
    expect(query?.row_limit).toBe(100);
  });

  it('leaves the order to the database when not sorting by metric', () => {
    const [query] = buildWordCloudQuery({ ...formData, sort_by_metric: false }).queries;
    expect(query?.orderby).toEqual([]);
  });
});
