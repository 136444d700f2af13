import { describe, expect, it } from 'vitest';
import { fitToBox, forceLayout, layoutSteps, stepWork } from './forceLayout.ts';

const settings = { repulsion: 450, gravity: 0.3, edgeLength: 110, friction: 0.2 };
const distance = (pos: Float64Array, a: number, b: number) =>
  Math.hypot(
    (pos[2 * a] as number) - (pos[2 * b] as number),
    (pos[2 * a + 1] as number) - (pos[2 * b + 1] as number),
  );

describe('force layout', () => {
  it('caps its work on graphs of thousands of nodes, and still places every node', () => {
    // Small graphs take every step; 40 steps over 18M node pairs took seconds at each draw.
    expect(layoutSteps(6, 7)).toBe(300);
    expect(layoutSteps(300, 10_000)).toBeGreaterThanOrEqual(40);
    for (const nodes of [1000, 3000, 6000, 20_000]) {
      expect(layoutSteps(nodes, nodes) * stepWork(nodes, nodes)).toBeLessThanOrEqual(40_000_000);
    }
    const nodes = 6000;
    const links = Array.from({ length: nodes - 1 }, (_, i) => [i, i + 1] as const);
    const pos = forceLayout(nodes, links, settings);
    expect(pos).toHaveLength(nodes * 2);
    expect([...pos].every(Number.isFinite)).toBe(true);
  });

  it('keeps linked nodes closer than unlinked ones and never stacks two nodes', () => {
    // Two triangles joined by one link.
    const links = [
      [0, 1],
      [1, 2],
      [2, 0],
      [3, 4],
      [4, 5],
      [5, 3],
      [2, 3],
    ] as const;
    // Weak gravity: strong gravity squeezes so small a graph into a ring.
    const pos = forceLayout(6, links, { ...settings, gravity: 0.1 });
    expect([...pos].every(Number.isFinite)).toBe(true);
    expect(distance(pos, 0, 1)).toBeLessThan(distance(pos, 0, 5));
    expect(distance(pos, 3, 4)).toBeLessThan(distance(pos, 1, 4));
    for (let a = 0; a < 6; a++) {
      for (let b = a + 1; b < 6; b++) expect(distance(pos, a, b)).toBeGreaterThan(5);
    }
  });

  it('spreads along the longer side of a wide box', () => {
    const links = Array.from({ length: 11 }, (_, i) => [i, i + 1] as const);
    const pos = forceLayout(12, links, settings, 3);
    const xs = [...pos].filter((_, i) => i % 2 === 0);
    const ys = [...pos].filter((_, i) => i % 2 === 1);
    const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
    expect(spread(xs)).toBeGreaterThan(spread(ys));
  });

  it('fits symbols and right-hand labels into the box, centred', () => {
    const pos = new Float64Array([-100, -50, 100, 50, 0, 0]);
    const extents = [
      { radius: 10, labelWidth: 40, labelHeight: 14 },
      { radius: 20, labelWidth: 60, labelHeight: 14 },
      { radius: 5, labelWidth: 0, labelHeight: 0 },
    ];
    const out = fitToBox(pos, extents, 400, 200, 6);
    extents.forEach((e, i) => {
      const x = out[2 * i] as number;
      const y = out[2 * i + 1] as number;
      expect(x - e.radius).toBeGreaterThanOrEqual(6 - 0.5);
      expect(x + e.radius + e.labelWidth).toBeLessThanOrEqual(400 - 6 + 0.5);
      expect(y - Math.max(e.radius, e.labelHeight / 2)).toBeGreaterThanOrEqual(6 - 0.5);
      expect(y + Math.max(e.radius, e.labelHeight / 2)).toBeLessThanOrEqual(200 - 6 + 0.5);
    });
    // The widest-reaching node (label included) touches the right padding: the scale is maximal.
    expect((out[2] as number) + 20 + 60).toBeGreaterThan(400 - 6 - 1);
  });

  it('centres a single node', () => {
    const out = fitToBox(
      new Float64Array([5, 5]),
      [{ radius: 10, labelWidth: 0, labelHeight: 0 }],
      100,
      60,
      6,
    );
    expect([...out]).toEqual([50, 30]);
  });
});
