import { graphExample } from '@tessera/shared/viz/graph_chart/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { origin: 'LAX', destination: 'SFO', Flights: 4000 },
  { origin: 'SFO', destination: 'LAX', Flights: 3900 },
  { origin: 'LAS', destination: 'LAX', Flights: 1000 },
];

type Node = {
  name: string;
  value: number;
  symbolSize: number;
  category?: number;
  x?: number;
  y?: number;
};
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
    // The force layout is computed before drawing: ECharts gets positions.
    expect(series.layout).toBe('none');
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

  it('keeps every node, its label and the links inside the box at any size', () => {
    const hubs = ['ORD', 'LAX', 'ATL', 'DFW'];
    const spokes = ['BOS', 'SFO', 'SEA', 'MIA', 'DEN', 'PHX', 'LAS', 'JFK', 'HNL', 'OGG'];
    const many = [
      ...spokes.flatMap((spoke, i) => [
        { origin: hubs[i % hubs.length], destination: spoke, Flights: 100 + i * 40 },
        { origin: spoke, destination: hubs[(i + 1) % hubs.length], Flights: 90 + i * 30 },
      ]),
      { origin: 'ORD', destination: 'LAX', Flights: 2000 },
    ];
    for (const [width, height] of [
      [160, 120],
      [420, 300],
      [1280, 800],
    ] as const) {
      const props = transformProps(
        chartPropsFor(graphExample.formData, many, [1, 1, 0], { width, height }),
      );
      const series = firstSeries(props.option);
      const nodes = series.data as Node[];
      const view = series as { left: number; top: number; width: number; height: number };
      for (const node of nodes) {
        const r = node.symbolSize / 2;
        const x = node.x as number;
        const y = node.y as number;
        expect(x - r).toBeGreaterThanOrEqual(0);
        expect(y - r).toBeGreaterThanOrEqual(0);
        // Labels sit to the right of the symbol.
        expect(x + r + 5 + node.name.length * 11 * 0.6).toBeLessThanOrEqual(width);
        expect(y + r).toBeLessThanOrEqual(height);
      }
      // ECharts maps the nodes' bounding box onto the series box: they must be the same.
      const xs = nodes.map((n) => n.x as number);
      const ys = nodes.map((n) => n.y as number);
      expect(view.left).toBeCloseTo(Math.min(...xs));
      expect(view.top).toBeCloseTo(Math.min(...ys));
      expect(view.width).toBeCloseTo(Math.max(...xs) - Math.min(...xs));
      expect(view.height).toBeCloseTo(Math.max(...ys) - Math.min(...ys));
      // The box is used: the drawing spans most of it.
      expect(view.width).toBeGreaterThan(width * 0.5);
      expect(view.height).toBeGreaterThan(height * 0.4);
    }
  });

  it('lays the same data out the same way every time, whatever the order of its rows', () => {
    const more = [
      ...rows,
      { origin: 'LAS', destination: 'PHX', Flights: 1000 },
      { origin: 'PHX', destination: 'SFO', Flights: 1000 },
    ];
    const positions = (data: typeof more) => {
      const nodes = firstSeries(
        transformProps(chartPropsFor(graphExample.formData, data, [1, 1, 0])).option,
      ).data as Node[];
      return Object.fromEntries(nodes.map((n) => [n.name, [n.x, n.y]]));
    };
    const first = positions(more);
    expect(positions(more)).toEqual(first);
    // Rows that tie on the query's sort come back in any order.
    expect(positions([...more].reverse())).toEqual(first);
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
