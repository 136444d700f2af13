import { describe, expect, it } from 'vitest';
import { sunburstExample } from './example.ts';
import { sunburstChart } from './index.ts';

describe('sunburst buildQuery', () => {
  it('asks for the hierarchy columns and the primary metric', () => {
    const [query] = sunburstChart.buildQuery({
      ...sunburstExample.formData,
      datasource: '6__table',
      viz_type: 'sunburst_v2',
    }).queries;
    expect(query?.columns).toEqual(['species', 'island', 'sex']);
    expect(query?.metrics).toEqual([sunburstExample.formData.metric]);
    expect(query?.orderby).toEqual([[sunburstExample.formData.metric, false]]);
  });

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
