import type { Column } from '@tessera/shared/viz/types';
import { type InteractivePoint, metricValue } from './partsAndFlows.ts';

/**
 * Rows of (source, target, metric) as the links of a graph or a sankey. Nodes are named by their
 * formatted value; a value that is both a source and a target is one node.
 */
export interface FlowLink {
  source: string;
  target: string;
  value: number;
  /** Row cells, for categories and filters. */
  row: Record<string, unknown>;
  pointKey: string;
}

export function readLinks(
  rows: Array<Record<string, unknown>>,
  source: { column: Column; label: string },
  target: { column: Column; label: string },
  metricLabel: string,
  formatDimension: (column: string, value: unknown) => string,
): { links: FlowLink[]; points: Record<string, InteractivePoint> } {
  const links: FlowLink[] = [];
  const points: Record<string, InteractivePoint> = {};
  for (const row of rows) {
    const from = formatDimension(source.label, row[source.label]);
    const to = formatDimension(target.label, row[target.label]);
    const pointKey = `${from} \u2192 ${to}`;
    links.push({
      source: from,
      target: to,
      value: metricValue(row, metricLabel) ?? 0,
      row,
      pointKey,
    });
    points[pointKey] = {
      label: pointKey,
      filters: [
        { col: source.column, val: row[source.label], formattedVal: from },
        { col: target.column, val: row[target.label], formattedVal: to },
      ],
    };
  }
  return { links, points };
}

/** True when following the links from some node leads back to it (a sankey cannot draw it). */
export function hasCycle(links: ReadonlyArray<Pick<FlowLink, 'source' | 'target'>>): boolean {
  const next = new Map<string, string[]>();
  for (const { source, target } of links) {
    if (source === target) return true;
    next.set(source, [...(next.get(source) ?? []), target]);
  }
  const state = new Map<string, 'visiting' | 'done'>();
  // Iterative depth-first search: a long chain must not overflow the call stack.
  for (const start of next.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; index: number }> = [{ node: start, index: 0 }];
    state.set(start, 'visiting');
    while (stack.length) {
      const frame = stack[stack.length - 1] as { node: string; index: number };
      const children = next.get(frame.node) ?? [];
      if (frame.index >= children.length) {
        state.set(frame.node, 'done');
        stack.pop();
        continue;
      }
      const child = children[frame.index++] as string;
      const seen = state.get(child);
      if (seen === 'visiting') return true;
      if (!seen) {
        state.set(child, 'visiting');
        stack.push({ node: child, index: 0 });
      }
    }
  }
  return false;
}

/**
 * Node totals, in order of first appearance: a sankey node is as tall as the larger of what
 * flows in and out (`max`); a graph node is as big as all the traffic it carries (`sum`).
 */
export function nodeTotals(links: readonly FlowLink[], mode: 'max' | 'sum'): Map<string, number> {
  const inflow = new Map<string, number>();
  const outflow = new Map<string, number>();
  const order = new Set<string>();
  for (const link of links) {
    order.add(link.source).add(link.target);
    outflow.set(link.source, (outflow.get(link.source) ?? 0) + link.value);
    inflow.set(link.target, (inflow.get(link.target) ?? 0) + link.value);
  }
  const totals = new Map<string, number>();
  for (const name of order) {
    const into = inflow.get(name) ?? 0;
    const out = outflow.get(name) ?? 0;
    totals.set(name, mode === 'sum' ? into + out : Math.max(into, out));
  }
  return totals;
}
