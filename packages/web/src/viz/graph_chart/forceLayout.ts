/**
 * A force-directed layout computed before drawing, so that the nodes can be fitted into the
 * chart's box: ECharts' own force layout places them in pixels around the centre with nothing
 * keeping them inside the canvas. d3-force runs the simulation (Barnes-Hut repulsion, so a big
 * graph costs n log n a step); the forces read Superset's controls the way ECharts does: links
 * pull their ends towards `edgeLength`, nodes push each other apart with `repulsion`, `gravity`
 * pulls every node to the centre and `friction` is the step size, cooling as it goes.
 */

import {
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import { textWidth } from '../common/textMeasure.ts';

export interface ForceSettings {
  repulsion: number;
  gravity: number;
  edgeLength: number;
  friction: number;
}

/** Pairs of node indexes. */
export type LayoutLink = readonly [number, number];

/** Simulation work (node-steps weighted by log n, plus links) allowed for one layout. */
const STEP_BUDGET = 4_000_000;
const MAX_STEPS = 300;
const MIN_STEPS = 40;
/**
 * The most work any layout may do, whatever MIN_STEPS asks: it runs on the main thread at every
 * draw, and a query can return thousands of nodes. Past it a graph takes fewer steps, down to
 * none (its nodes stay on their starting circle) rather than freeze the page.
 */
const STEP_CEILING = 10 * STEP_BUDGET;
/** How far a node pushes others, in link lengths. */
const REPULSION_REACH = 2.5;
/** The step size ends at this share of `friction`. */
const FINAL_HEAT = 0.02;

/** Work of one step: Barnes-Hut repulsion over every node, and every link. */
export const stepWork = (nodeCount: number, linkCount: number) =>
  Math.max(1, nodeCount * Math.max(1, Math.log2(nodeCount)) + linkCount);

/** Steps a layout of this size takes: all of them for small graphs, none past the ceiling. */
export function layoutSteps(nodeCount: number, linkCount: number): number {
  const work = stepWork(nodeCount, linkCount);
  return Math.min(
    Math.floor(STEP_CEILING / work),
    Math.max(MIN_STEPS, Math.min(MAX_STEPS, Math.floor(STEP_BUDGET / work))),
  );
}

interface LayoutNode extends SimulationNodeDatum {
  x: number;
  y: number;
}

/**
 * Node positions (x, y interleaved) around the origin. Deterministic: nodes start on a circle,
 * ordered as given, and d3-force's own random source is seeded. `aspect` (width / height of the
 * box) weakens gravity along the longer side, so the graph spreads into the box's shape instead
 * of a disc.
 */
export function forceLayout(
  nodeCount: number,
  links: readonly LayoutLink[],
  settings: ForceSettings,
  aspect = 1,
): Float64Array {
  const pos = new Float64Array(nodeCount * 2);
  if (nodeCount === 0) return pos;
  const edgeLength = Math.max(1, settings.edgeLength);
  const repulsion = Math.max(0, settings.repulsion);
  const friction = Math.min(1, Math.max(0.01, settings.friction));
  const gravity = Math.max(0, settings.gravity);
  const start = (edgeLength * Math.sqrt(nodeCount)) / 2;
  const nodes: LayoutNode[] = Array.from({ length: nodeCount }, (_, i) => {
    const angle = (2 * Math.PI * i) / nodeCount;
    return {
      x: start * Math.cos(angle) * Math.max(1, aspect),
      y: start * Math.sin(angle) * Math.max(1, 1 / aspect),
    };
  });
  const steps = layoutSteps(nodeCount, links.length);
  if (steps > 0) {
    const edges: SimulationLinkDatum<LayoutNode>[] = links
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => ({ source: a, target: b }));
    const simulation = forceSimulation(nodes)
      .stop()
      // `alpha` is the step size: it starts at `friction` and cools to FINAL_HEAT of it.
      .alpha(friction)
      .alphaMin(0)
      .alphaDecay(1 - FINAL_HEAT ** (1 / steps))
      // Positions move by the forces of this step only, as in ECharts' layout.
      .velocityDecay(0)
      .force('link', forceLink(edges).distance(edgeLength).strength(1))
      // Nodes further apart than a few links do not push each other: a separate small group
      // is then held by gravity at the edge of the rest, not driven far off.
      .force(
        'charge',
        forceManyBody<LayoutNode>()
          .strength(-2 * repulsion)
          .distanceMin(1)
          .distanceMax(REPULSION_REACH * edgeLength),
      )
      .force('x', forceX<LayoutNode>(0).strength(gravity * Math.min(1, 1 / aspect)))
      .force('y', forceY<LayoutNode>(0).strength(gravity * Math.min(1, aspect)));
    // No single step moves a node further than a link: a close pair cannot fling itself apart.
    const maxMove = edgeLength;
    for (let step = 0; step < steps; step++) {
      for (const node of nodes) {
        node.vx = 0;
        node.vy = 0;
      }
      simulation.tick();
      for (const node of nodes) {
        const vx = node.vx ?? 0;
        const vy = node.vy ?? 0;
        const m = Math.hypot(vx, vy);
        if (m > maxMove) {
          node.x -= vx - (vx * maxMove) / m;
          node.y -= vy - (vy * maxMove) / m;
        }
      }
    }
  }
  nodes.forEach((node, i) => {
    pos[2 * i] = Number.isFinite(node.x) ? node.x : 0;
    pos[2 * i + 1] = Number.isFinite(node.y) ? node.y : 0;
  });
  return pos;
}

/** What a node needs around its centre: its symbol's radius and, to its right, its label. */
export interface NodeExtent {
  radius: number;
  labelWidth: number;
  labelHeight: number;
}

/**
 * Places laid-out positions (`forceLayout`'s) in a `width` x `height` box: each axis scaled as
 * far as the nodes' symbols and labels still fit, then centred. Returns pixel positions.
 */
export function fitToBox(
  pos: Float64Array,
  extents: readonly NodeExtent[],
  width: number,
  height: number,
  padding: number,
): Float64Array {
  const n = extents.length;
  const out = new Float64Array(n * 2);
  const axis = (offset: 0 | 1, size: number) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const v = pos[2 * i + offset] as number;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const span = max - min;
    // How far each node reaches before (towards 0) and after its centre on this axis.
    const before = (e: NodeExtent) =>
      offset === 0 ? e.radius : Math.max(e.radius, e.labelHeight / 2);
    const after = (e: NodeExtent) =>
      offset === 0 ? e.radius + e.labelWidth : Math.max(e.radius, e.labelHeight / 2);
    // With scale s, a node sits at o + s * u (u in [0, 1]); the offsets that keep every node in
    // the box form an interval, empty once s is too large.
    const room = (s: number) => {
      let lo = Number.NEGATIVE_INFINITY;
      let hi = Number.POSITIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        const e = extents[i] as NodeExtent;
        const u = span > 0 ? ((pos[2 * i + offset] as number) - min) / span : 0.5;
        lo = Math.max(lo, padding + before(e) - s * u);
        hi = Math.min(hi, size - padding - after(e) - s * u);
      }
      return [lo, hi] as const;
    };
    let scale = 0;
    if (span > 0) {
      let lo = 0;
      let hi = size;
      for (let k = 0; k < 30 && hi - lo > 0.25; k++) {
        const mid = (lo + hi) / 2;
        const [a, b] = room(mid);
        if (a <= b) lo = mid;
        else hi = mid;
      }
      scale = lo;
    }
    const [a, b] = room(scale);
    // Centred in the room left over (or, in a box too small for the nodes, straddling it).
    const origin = (a + b) / 2;
    for (let i = 0; i < n; i++) {
      const u = span > 0 ? ((pos[2 * i + offset] as number) - min) / span : 0.5;
      out[2 * i + offset] = origin + scale * u;
    }
  };
  axis(0, width);
  axis(1, height);
  return out;
}

/** The graph's node labels, drawn to the right of their symbol. */
export const LABEL_FONT_SIZE = 11;
const LABEL_DISTANCE = 5;
const LABEL_HEIGHT = 14;
/** Kept clear along the box's edges. */
const BOX_PADDING = 6;
/** How far a link's curve bends away from the straight line (ECharts' `lineStyle.curveness`). */
export const EDGE_CURVENESS = 0.15;
const BOW_EXTENT: NodeExtent = { radius: 2, labelWidth: 0, labelHeight: 0 };

export interface PlacedNodes {
  /** Pixel positions, x and y interleaved, in the order of the names. */
  positions: Float64Array;
  /** The nodes' bounding box as the series' layout box, so that ECharts draws them 1:1. */
  view: { left: number; top: number; width: number; height: number };
}

function compare(a: string | undefined, b: string | undefined): number {
  return a === b ? 0 : (a ?? '') < (b ?? '') ? -1 : 1;
}

/** Lays the graph out and fits it, symbols and labels included, into `box`. */
export function placeNodes(
  names: readonly string[],
  symbolSizes: readonly number[],
  links: ReadonlyArray<{ source: string; target: string }>,
  options: {
    settings: ForceSettings;
    labelled: (index: number) => boolean;
    box: { left: number; top: number; width: number; height: number };
  },
): PlacedNodes {
  const { box } = options;
  const n = names.length;
  // The layout depends on the order of nodes and links, and a query returns rows that tie on
  // its sort in any order: laid out by name, the same data always gives the same picture.
  const byName = names.map((_, i) => i).sort((a, b) => compare(names[a], names[b]));
  const rank = new Map<string, number>();
  byName.forEach((node, r) => {
    rank.set(names[node] as string, r);
  });
  const ranked: LayoutLink[] = [];
  for (const link of links) {
    const a = rank.get(link.source);
    const b = rank.get(link.target);
    if (a !== undefined && b !== undefined) ranked.push([a, b]);
  }
  ranked.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const aspect = box.width > 0 && box.height > 0 ? box.width / box.height : 1;
  const byRank = forceLayout(n, ranked, options.settings, aspect);
  const laidOut = new Float64Array(2 * n);
  byName.forEach((node, r) => {
    laidOut[2 * node] = byRank[2 * r] as number;
    laidOut[2 * node + 1] = byRank[2 * r + 1] as number;
  });
  const pairs = ranked.map(([a, b]) => [byName[a], byName[b]] as LayoutLink);
  const extents: NodeExtent[] = names.map((name, i) => ({
    radius: (symbolSizes[i] ?? 0) / 2,
    labelWidth: options.labelled(i) ? LABEL_DISTANCE + textWidth(name, LABEL_FONT_SIZE) : 0,
    labelHeight: options.labelled(i) ? LABEL_HEIGHT : 0,
  }));
  // A curved link bows out from the line between its ends, to one side or the other by its
  // direction: the middle of both bows is fitted into the box along with the nodes.
  const withBows = new Float64Array(2 * (n + 2 * pairs.length));
  withBows.set(laidOut);
  const bow = EDGE_CURVENESS / 2;
  let k = n;
  for (const [a, b] of pairs) {
    const ax = laidOut[2 * a] as number;
    const ay = laidOut[2 * a + 1] as number;
    const bx = laidOut[2 * b] as number;
    const by = laidOut[2 * b + 1] as number;
    for (const side of [1, -1]) {
      withBows[2 * k] = (ax + bx) / 2 + side * bow * (by - ay);
      withBows[2 * k + 1] = (ay + by) / 2 - side * bow * (bx - ax);
      extents.push(BOW_EXTENT);
      k++;
    }
  }
  const fitted = fitToBox(withBows, extents, box.width, box.height, BOX_PADDING).subarray(0, 2 * n);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = (fitted[2 * i] as number) + box.left;
    const y = (fitted[2 * i + 1] as number) + box.top;
    fitted[2 * i] = x;
    fitted[2 * i + 1] = y;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (!n) {
    minX = minY = 0;
    maxX = maxY = 0;
  }
  // ECharts widens a flat bounding box by 1 on each side; the same here keeps the mapping 1:1.
  if (maxX - minX === 0) {
    minX -= 1;
    maxX += 1;
  }
  if (maxY - minY === 0) {
    minY -= 1;
    maxY += 1;
  }
  return {
    positions: fitted,
    view: { left: minX, top: minY, width: maxX - minX, height: maxY - minY },
  };
}
