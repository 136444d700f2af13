import type { FilterConfigItem } from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import {
  filtersChange,
  movedBefore,
  newDivider,
  newFilter,
  scopeFromChecked,
  scopeTree,
} from './filterConfig.ts';

// Chart 1 on the top level, charts 2 and 3 on TAB-a, chart 4 on TAB-b.
const layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['CHART-1', 'TABS-1'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['CHART-2', 'CHART-3'], meta: { text: 'A' } },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['CHART-4'], meta: { text: 'B' } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
  'CHART-4': { id: 'CHART-4', type: 'CHART', children: [], meta: { chartId: 4 } },
} as unknown as DashboardLayout;
const tree = scopeTree(layout, (id) => `Chart ${id}`);

describe('the filter config modal, its rules', () => {
  it('shows the dashboard as "All panels", its tabs and their charts', () => {
    expect(tree.title).toBe('All panels');
    expect(tree.children?.map((node) => node.title)).toEqual(['Chart 1', 'A', 'B']);
    expect(tree.children?.[1]?.children?.map((node) => node.key)).toEqual(['chart-2', 'chart-3']);
  });

  it('stores a scope as Superset does: the root, whole tabs, or the root minus excluded charts', () => {
    expect(scopeFromChecked(tree, [1, 2, 3, 4])).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
    expect(scopeFromChecked(tree, [2, 3])).toEqual({ rootPath: ['TAB-a'], excluded: [] });
    expect(scopeFromChecked(tree, [2, 3, 4])).toEqual({
      rootPath: ['TAB-a', 'TAB-b'],
      excluded: [],
    });
    expect(scopeFromChecked(tree, [1, 2])).toEqual({ rootPath: ['ROOT_ID'], excluded: [3, 4] });
  });

  it('makes ids with the prefixes Superset uses', () => {
    expect(newFilter().id).toMatch(/^NATIVE_FILTER-[\w-]+$/);
    expect(newDivider().id).toMatch(/^NATIVE_FILTER_DIVIDER-[\w-]+$/);
  });

  it('sends only what changed: modified items, deleted ids, and the order when it moved', () => {
    const a = { ...newFilter(), name: 'A' } as FilterConfigItem;
    const b = { ...newFilter(), name: 'B' } as FilterConfigItem;
    const c = newDivider();
    const renamed = { ...b, name: 'B2' } as FilterConfigItem;
    expect(filtersChange([a, b, c], [a, renamed], [c.id])).toEqual({
      modified: [renamed],
      deleted: [c.id],
      reordered: [],
    });
    const moved = movedBefore([a, b, c], c.id, a.id);
    expect(moved.map((item) => item.id)).toEqual([c.id, a.id, b.id]);
    expect(movedBefore([a, b, c], a.id, c.id).map((item) => item.id)).toEqual([b.id, c.id, a.id]);
    expect(filtersChange([a, b, c], moved, []).reordered).toEqual([c.id, a.id, b.id]);
  });
});
