import { describe, expect, it } from 'vitest';
import { gaugeChart } from './index.ts';

describe('gauge buildQuery', () => {
  it('asks for one value per group, largest first', () => {
    const [query] = gaugeChart.buildQuery({
      datasource: '2__table',
      viz_type: 'gauge_chart',
      groupby: ['weather'],
      metric: 'avg_temp',
      row_limit: 5,
    }).queries;
    expect(query?.columns).toEqual(['weather']);
    expect(query?.orderby).toEqual([['avg_temp', false]]);
    expect(query?.row_limit).toBe(5);
  });

  it('is named as Superset names it', () => {
    expect(gaugeChart.metadata).toMatchObject({ key: 'gauge_chart', name: 'Gauge Chart' });
  });
});
