import { describe, expect, it } from 'vitest';
import { funnelExample } from '../funnel/example.ts';
import { funnelChart } from '../funnel/index.ts';
import { gaugeExample } from '../gauge_chart/example.ts';
import { gaugeChart } from '../gauge_chart/index.ts';
import { graphExample } from '../graph_chart/example.ts';
import { graphChart } from '../graph_chart/index.ts';
import { radarExample } from '../radar/example.ts';
import { radarChart } from '../radar/index.ts';
import { sankeyExample } from '../sankey_v2/example.ts';
import { sankeyChart } from '../sankey_v2/index.ts';
import { sunburstExample } from '../sunburst_v2/example.ts';
import { sunburstChart } from '../sunburst_v2/index.ts';
import { treemapExample } from '../treemap_v2/example.ts';
import { treemapChart } from '../treemap_v2/index.ts';

const notNull = (col: string) => ({ col, op: 'IS NOT NULL' });
const radarMetrics = radarExample.formData.metrics ?? [];

/**
 * The parts-of-a-whole and flow charts send one query of dimensions and metrics; here, what each
 * one's saved example asks for. What else each chart type does is in its own buildQuery.test.ts.
 */
const SAVED_EXAMPLES = [
  {
    chart: funnelChart,
    example: funnelExample,
    does: 'asks for the steps and their metric, widest first',
    columns: ['phase_of_flight'],
    metrics: [funnelExample.formData.metric],
    orderby: [[funnelExample.formData.metric, false]],
    rowLimit: 10,
    filters: [notNull('phase_of_flight')],
  },
  {
    chart: gaugeChart,
    example: gaugeExample,
    does: 'asks for the metric alone when there is no groupby',
    columns: [],
    metrics: [gaugeExample.formData.metric],
    orderby: [],
    rowLimit: 10,
    filters: [],
  },
  {
    chart: graphChart,
    example: graphExample,
    does: 'asks for source, target and the metric, heaviest edges first',
    columns: ['origin', 'destination'],
    metrics: [graphExample.formData.metric],
    orderby: [[graphExample.formData.metric, false]],
    rowLimit: 80,
    filters: [],
  },
  {
    chart: radarChart,
    example: radarExample,
    does: 'asks for every metric per group, ordered by the first metric',
    columns: ['origin'],
    metrics: radarMetrics,
    orderby: [[radarMetrics[0], false]],
    rowLimit: 10,
    filters: [],
  },
  {
    chart: sankeyChart,
    example: sankeyExample,
    does: 'asks for source, target and the metric, largest links first',
    columns: ['time_of_day', 'phase_of_flight'],
    metrics: [sankeyExample.formData.metric],
    orderby: [[sankeyExample.formData.metric, false]],
    rowLimit: 100,
    filters: [notNull('phase_of_flight'), notNull('time_of_day')],
  },
  {
    chart: sunburstChart,
    example: sunburstExample,
    does: 'asks for the hierarchy columns and the primary metric',
    columns: ['species', 'island', 'sex'],
    metrics: [sunburstExample.formData.metric],
    orderby: [[sunburstExample.formData.metric, false]],
    rowLimit: 1000,
    filters: [notNull('sex')],
  },
  {
    chart: treemapChart,
    example: treemapExample,
    does: 'asks for a row per leaf: every level and the metric',
    columns: ['major_genre', 'mpaa_rating'],
    metrics: [treemapExample.formData.metric],
    orderby: [[treemapExample.formData.metric, false]],
    rowLimit: 1000,
    filters: [notNull('major_genre'), notNull('mpaa_rating')],
  },
].map((row) => ({ ...row, key: row.chart.metadata.key }));

describe('parts of a whole and flow charts: the saved examples', () => {
  it.each(SAVED_EXAMPLES)('$key $does', ({ chart, example, ...expected }) => {
    const context = chart.buildQuery({ datasource: '5__table', ...example.formData });
    expect(context.queries).toHaveLength(1);
    const [query] = context.queries;
    expect(query?.columns).toEqual(expected.columns);
    expect(query?.metrics).toEqual(expected.metrics);
    expect(query?.orderby).toEqual(expected.orderby);
    expect(query?.row_limit).toBe(expected.rowLimit);
    expect(query?.filters).toEqual(expected.filters);
  });
});
