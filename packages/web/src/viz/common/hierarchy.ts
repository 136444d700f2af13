import type { Column } from '@tessera/shared/viz/types';
import { type InteractivePoint, metricValue, type PointFilter } from './partsAndFlows.ts';

/**
 * Rows of (level 1, level 2, ..., metric) as a tree for treemaps and sunbursts: each node sums
 * its leaves and knows the filters that select it (its path's values).
 */
export interface HierarchyNode {
  name: string;
  /** Unique among all nodes: the path's values. */
  pointKey: string;
  depth: number;
  value: number;
  secondary: number;
  filters: PointFilter[];
  children: HierarchyNode[];
}

const PATH_SEPARATOR = '\u001f';

export function buildHierarchy(
  rows: Array<Record<string, unknown>>,
  levels: Array<{ column: Column; label: string }>,
  formatDimension: (column: string, value: unknown) => string,
  metricLabel: string,
  secondaryLabel?: string,
): HierarchyNode[] {
  const roots: HierarchyNode[] = [];
  const byKey = new Map<string, HierarchyNode>();
  for (const row of breakTies(rows, levels, metricLabel)) {
    const value = metricValue(row, metricLabel) ?? 0;
    const secondary = secondaryLabel ? (metricValue(row, secondaryLabel) ?? 0) : 0;
    let siblings = roots;
    const filters: PointFilter[] = [];
    const path: string[] = [];
    levels.forEach(({ column, label }, depth) => {
      const name = formatDimension(label, row[label]);
      filters.push({ col: column, val: row[label], formattedVal: name });
      path.push(name);
      const pointKey = path.join(PATH_SEPARATOR);
      let node = byKey.get(pointKey);
      if (!node) {
        node = {
          name,
          pointKey,
          depth,
          value: 0,
          secondary: 0,
          filters: [...filters],
          children: [],
        };
        byKey.set(pointKey, node);
        siblings.push(node);
      }
      node.value += value;
      node.secondary += secondary;
      siblings = node.children;
    });
  }
  return roots;
}

/**
 * Rows ordered by their metric, largest first (the chart's "sort by metric"), come back from the
 * engine in any order where values are equal: equal arcs or tiles would swap places between
 * runs. Such rows are put in the order of their path's values; rows in any other order are kept
 * as they are.
 */
function breakTies(
  rows: Array<Record<string, unknown>>,
  levels: Array<{ label: string }>,
  metricLabel: string,
): Array<Record<string, unknown>> {
  const values = rows.map((row) => metricValue(row, metricLabel) ?? 0);
  const descending = values.every((v, i) => i === 0 || (values[i - 1] as number) >= v);
  if (!descending || rows.length < 2) return rows;
  const path = (row: Record<string, unknown>) =>
    levels.map(({ label }) => String(row[label])).join(PATH_SEPARATOR);
  return rows
    .map((row, i) => ({ row, value: values[i] as number, path: path(row) }))
    .sort((a, b) => b.value - a.value || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ row }) => row);
}

/** Every node's cross-filter point, keyed as the chart's data items are. */
export function hierarchyPoints(roots: HierarchyNode[]): Record<string, InteractivePoint> {
  const points: Record<string, InteractivePoint> = {};
  const visit = (node: HierarchyNode) => {
    points[node.pointKey] = {
      label: node.filters.map((f) => f.formattedVal).join(', '),
      filters: node.filters,
    };
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return points;
}

export function walkHierarchy(roots: HierarchyNode[], visit: (node: HierarchyNode) => void): void {
  for (const node of roots) {
    visit(node);
    walkHierarchy(node.children, visit);
  }
}
