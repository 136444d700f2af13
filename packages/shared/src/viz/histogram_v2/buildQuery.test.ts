import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildHistogramQuery } from './buildQuery.ts';

const formData: QueryFormData = {
  datasource: '12__table',
  viz_type: 'histogram_v2',
  column: 'body_mass_g',
  groupby: ['species'],
  bins: '12',
  normalize: true,
  cumulative: false,
  row_limit: 10000,
};

describe('histogram_v2 buildQuery', () => {
  it('reads raw values and bins them on the server per dimension', () => {
    const [query] = buildHistogramQuery(formData).queries;
    expect(query?.columns).toEqual(['species', 'body_mass_g']);
    expect(query?.metrics).toBeUndefined();
    expect(query?.post_processing).toEqual([
      {
        operation: 'histogram',
        options: {
          column: 'body_mass_g',
          groupby: ['species'],
          bins: 12,
          cumulative: false,
          normalize: true,
        },
      },
    ]);
  });

  it('uses 5 bins when the bins value is not a positive integer', () => {
    const [query] = buildHistogramQuery({ ...formData, bins: 'many', groupby: [] }).queries;
    expect(query?.columns).toEqual(['body_mass_g']);
    expect(query?.post_processing?.[0]?.options).toMatchObject({ bins: 5, groupby: [] });
  });

  it('asks for no histogram before a column is chosen', () => {
    const [query] = buildHistogramQuery({ ...formData, column: undefined }).queries;
    expect(query?.post_processing).toEqual([]);
  });
});
