import { describe, expect, it } from 'vitest';
import { funnelExample } from './example.ts';
import { funnelChart } from './index.ts';

describe('funnel buildQuery', () => {
  it('asks for the steps and their metric, widest first', () => {
    const [query] = funnelChart.buildQuery({
      ...funnelExample.formData,
      datasource: '5__table',
      viz_type: 'funnel',
    }).queries;
    expect(query?.columns).toEqual(['phase_of_flight']);
    expect(query?.metrics).toEqual([funnelExample.formData.metric]);
    expect(query?.orderby).toEqual([[funnelExample.formData.metric, false]]);
    expect(query?.row_limit).toBe(10);
    expect(query?.filters).toEqual([{ col: 'phase_of_flight', op: 'IS NOT NULL' }]);
  });

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
