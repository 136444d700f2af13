import { graphExample } from '@tessera/shared/viz/graph_chart/example';
import { describe, expect, it } from 'vitest';
import { drawnTexts, textsOutside } from '../common/drawTesting.ts';
import { chartPropsFor } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

/** Routes between airports named in full: long labels all round the circle. */
const airports = [
  'Los Angeles International',
  'San Francisco International',
  'Harry Reid International',
  'Seattle-Tacoma International',
  'Denver International',
  'Phoenix Sky Harbor International',
  'Salt Lake City International',
  'Portland International',
];
const rows = airports.flatMap((origin, i) => [
  {
    origin,
    destination: airports[(i + 1) % airports.length],
    Flights: 1000 + 300 * i,
  },
  { origin, destination: airports[(i + 3) % airports.length], Flights: 500 + 100 * i },
]);

describe('graph in the circular layout, drawn into a tile', () => {
  for (const [width, height] of [
    [420, 320],
    [1000, 500],
  ] as const) {
    it(`keeps every node label inside a ${width} x ${height} tile`, () => {
      const formData = { ...graphExample.formData, layout: 'circular', show_legend: false };
      const props = transformProps({
        ...chartPropsFor(formData, rows, [1, 1, 0]),
        width,
        height,
      });
      const texts = drawnTexts(props.option, width, height);
      expect(texts.length).toBeGreaterThanOrEqual(4);
      expect(textsOutside(texts, width, height)).toEqual([]);
    });
  }

  it('shows the names whole where the tile has room for them', () => {
    const formData = { ...graphExample.formData, layout: 'circular', show_legend: false };
    const props = transformProps({
      ...chartPropsFor(formData, rows, [1, 1, 0]),
      width: 1280,
      height: 900,
    });
    const texts = drawnTexts(props.option, 1280, 900);
    expect(textsOutside(texts, 1280, 900)).toEqual([]);
    const shown = texts.map((t) => t.text);
    expect(shown).toContain('Phoenix Sky Harbor International');
  });
});
