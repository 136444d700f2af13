import { graphExample } from '@tessera/shared/viz/graph_chart/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { origin: 'LAX', destination: 'SFO', Flights: 4000 },
  { origin: 'SFO', destination: 'LAX', Flights: 3900 },
  { origin: 'LAS', destination: 'LAX', Flights: 1000 },
];

type Node = { name: string; value: number; symbolSize: number; category?: number };
type Edge = {
  source: string;
  target: string;
  value: number;
  pointKey: string;
  lineStyle: { width: number };
};

describe('graph transformProps', () => {
  it('makes a node per airport and an edge per route, sized by the metric', () => {
    const props = transformProps(chartPropsFor(graphExample.formData, rows, [1, 1, 0]));
    const series = firstSeries(props.option);
    const nodes = series.data as Node[];
    expect(nodes.map((n) => [n.name, n.value])).toEqual([
      ['LAX', 8900],
      ['SFO', 7900],
      ['LAS', 1000],
    ]);
    const sizes = nodes.map((n) => n.symbolSize);
    expect(Math.max(...sizes) / Math.min(...sizes)).toBe(4);
    const edges = series.links as Edge[];
    expect(edges.map((e) => [e.source, e.target, e.value])).toEqual(
      rows.map((r) => [r.origin, r.destination, r.Flights]),
    );
    expect(series.edgeSymbol).toEqual(['none', 'arrow']);
    expect(series.layout).toBe('force');
    expect(props.points[edges[0]?.pointKey as string]?.filters).toEqual([
      { col: 'origin', val: 'LAX', formattedVal: 'LAX' },
      { col: 'destination', val: 'SFO', formattedVal: 'SFO' },
    ]);
  });

  it('puts nodes in categories and lists them in the legend', () => {
    const props = transformProps(
      chartPropsFor(
        {
          ...graphExample.formData,
          layout: 'circular',
          show_legend: true,
          source_category: 'state',
          target_category: 'dest_state',
        },
        [
          { origin: 'LAX', destination: 'LAS', state: 'CA', dest_state: 'NV', Flights: 10 },
          { origin: 'SFO', destination: 'LAX', state: 'CA', dest_state: 'CA', Flights: 5 },
        ],
        [1, 1, 1, 1, 0],
      ),
    );
    const series = firstSeries(props.option);
    expect((series.categories as Array<{ name: string }>).map((c) => c.name)).toEqual(['CA', 'NV']);
    expect((series.data as Node[]).map((n) => [n.name, n.category])).toEqual([
      ['LAX', 0],
      ['LAS', 1],
      ['SFO', 0],
    ]);
    expect(series.layout).toBe('circular');
    expect((props.option as { legend: { data: string[] } }).legend.data).toEqual(['CA', 'NV']);
  });

  it('asks for a source and says which metric is missing', () => {
    expect(() =>
      transformProps(chartPropsFor({ ...graphExample.formData, source: null }, rows, [1, 1, 0])),
    ).toThrow('This chart needs a column in the "Source" control.');
    expect(() =>
      transformProps(
        chartPropsFor(graphExample.formData, [{ origin: 'a', destination: 'b', n: 1 }], [1, 1, 0]),
      ),
    ).toThrow('The metric "Flights" is missing from the query results');
  });
});
