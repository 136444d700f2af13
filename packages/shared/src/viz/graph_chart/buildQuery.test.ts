import { describe, expect, it } from 'vitest';
import { graphExample } from './example.ts';
import { graphChart } from './index.ts';

describe('graph buildQuery', () => {
  it('asks for source, target and the metric, heaviest edges first', () => {
    const [query] = graphChart.buildQuery({
      ...graphExample.formData,
      datasource: '1__table',
      viz_type: 'graph_chart',
    }).queries;
    expect(query?.columns).toEqual(['origin', 'destination']);
    expect(query?.metrics).toEqual([graphExample.formData.metric]);
    expect(query?.orderby).toEqual([[graphExample.formData.metric, false]]);
    expect(query?.row_limit).toBe(80);
  });

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
