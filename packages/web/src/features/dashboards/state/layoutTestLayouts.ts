import type {
  ComponentType,
  DashboardLayout,
  LayoutItem,
  LayoutMeta,
} from '@tessera/shared/dashboard/position';
import { GRID_ID, ROOT_ID } from '@tessera/shared/dashboard/position';

/**
 * Layouts for the editor's tests, written as nested trees: `node('ROW-1', 'ROW', {}, [...])`.
 * Parents lists are filled in from the tree.
 */

export interface Node {
  id: string;
  type: ComponentType;
  meta?: LayoutMeta;
  children?: Node[];
}

export const node = (
  id: string,
  type: ComponentType,
  meta: LayoutMeta = {},
  children: Node[] = [],
): Node => ({ id, type, meta, children });

export const chart = (n: number, width = 4): Node =>
  node(`CHART-${n}`, 'CHART', { chartId: n, width, height: 50 });

export function buildLayout(rootChildren: Node[]): DashboardLayout {
  const layout: DashboardLayout = {};
  const add = (n: Node, parents: string[]) => {
    const item: LayoutItem = {
      id: n.id,
      type: n.type,
      children: (n.children ?? []).map((c) => c.id),
      parents,
      meta: { ...(n.meta ?? {}) },
    };
    layout[n.id] = item;
    for (const c of n.children ?? []) add(c, [...parents, n.id]);
  };
  add(node(ROOT_ID, 'ROOT', {}, rootChildren), []);
  return layout;
}

/** ROOT > GRID > the given children. */
export const gridLayout = (children: Node[]) => buildLayout([node(GRID_ID, 'GRID', {}, children)]);
