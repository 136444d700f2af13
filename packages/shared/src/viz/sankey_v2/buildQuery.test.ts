import { describe, expect, it } from 'vitest';
import { sankeyExample } from './example.ts';
import { sankeyChart } from './index.ts';

describe('sankey buildQuery', () => {
  it('asks for source, target and the metric, largest links first', () => {
    const [query] = sankeyChart.buildQuery({
      ...sankeyExample.formData,
      datasource: '8__table',
      viz_type: 'sankey_v2',
    }).queries;
    expect(query?.columns).toEqual(['time_of_day', 'phase_of_flight']);
    expect(query?.metrics).toEqual([sankeyExample.formData.metric]);
    expect(query?.orderby).toEqual([[sankeyExample.formData.metric, false]]);
    expect(query?.row_limit).toBe(100);
  });

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
