import { describe, expect, it } from 'vitest';
import { sunburstChart } from './index.ts';

describe('sunburst buildQuery', () => {
  it('adds the secondary metric, once', () => {
    const base = {
      datasource: '6__table',
      viz_type: 'sunburst_v2',
      columns: ['species'],
      metric: 'count',
    };
    expect(
      sunburstChart.buildQuery({ ...base, secondary_metric: 'mass' }).queries[0]?.metrics,
    ).toEqual(['count', 'mass']);
    expect(
      sunburstChart.buildQuery({ ...base, secondary_metric: 'count' }).queries[0]?.metrics,
    ).toEqual(['count']);
  });

  it('is named as Superset names it', () => {
    expect(sunburstChart.metadata).toMatchObject({ key: 'sunburst_v2', name: 'Sunburst Chart' });
  });
});
