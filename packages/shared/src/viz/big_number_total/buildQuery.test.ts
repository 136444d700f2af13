import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery.ts';
import { bigNumberTotalExample } from './example.ts';

describe('big number query', () => {
  it('asks one aggregate and no columns', () => {
    const q = buildQuery({ datasource: '1__table', ...bigNumberTotalExample.formData }).queries[0];
    expect(q?.columns).toEqual([]);
    expect(q?.metrics).toEqual(['count']);
    expect(q?.post_processing).toEqual([]);
  });

  it('applies the filters of a dashboard', () => {
    const q = buildQuery({
      datasource: '1__table',
      viz_type: 'big_number_total',
      metric: 'count',
      extra_form_data: { time_range: 'Last year' },
    }).queries[0];
    expect(q?.time_range).toBe('Last year');
  });
});
