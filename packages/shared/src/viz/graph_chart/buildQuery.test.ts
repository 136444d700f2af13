import { describe, expect, it } from 'vitest';
import { graphChart } from './index.ts';

describe('graph buildQuery', () => {
  it('adds the category columns, each column once', () => {
    const [query] = graphChart.buildQuery({
      datasource: '1__table',
      viz_type: 'graph_chart',
      source: 'origin',
      target: 'destination',
      source_category: 'origin_state',
      target_category: 'origin_state',
      metric: 'count',
    }).queries;
    expect(query?.columns).toEqual(['origin', 'destination', 'origin_state']);
  });

  it('leaves out empty controls', () => {
    const [query] = graphChart.buildQuery({
      datasource: '1__table',
      viz_type: 'graph_chart',
      source: 'origin',
      target: '',
      source_category: null,
    }).queries;
    expect(query?.columns).toEqual(['origin']);
    expect(query?.metrics).toEqual([]);
  });
});
