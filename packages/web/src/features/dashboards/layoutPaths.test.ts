import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { layoutForCharts } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import { chartIdsUnder, pathToComponent, selectedTab } from './layoutPaths.ts';

const tabbed: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1', 'TAB-2'], meta: {} },
  'TAB-1': { id: 'TAB-1', type: 'TAB', children: [], meta: { text: 'One' } },
  'TAB-2': { id: 'TAB-2', type: 'TAB', children: ['ROW-1'], meta: { text: 'Two' } },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 5, width: 4 } },
};

describe('layout paths', () => {
  it('finds the path from ROOT to a component', () => {
    expect(pathToComponent(tabbed, 'CHART-1')).toEqual([
      'ROOT_ID',
      'TABS-1',
      'TAB-2',
      'ROW-1',
      'CHART-1',
    ]);
    expect(pathToComponent(tabbed, 'nope')).toEqual([]);
  });

  it('opens the active tab, else the one holding the anchor, else the first', () => {
    expect(selectedTab(['TAB-1', 'TAB-2'], ['TAB-2'], [])).toBe('TAB-2');
    expect(selectedTab(['TAB-1', 'TAB-2'], [], pathToComponent(tabbed, 'CHART-1'))).toBe('TAB-2');
    expect(selectedTab(['TAB-1', 'TAB-2'], [], [])).toBe('TAB-1');
  });

  it('lists the charts under a component', () => {
    expect(chartIdsUnder(tabbed, 'TAB-2')).toEqual([5]);
    expect(chartIdsUnder(layoutForCharts([{ id: 1 }, { id: 2 }]), 'ROOT_ID')).toEqual([1, 2]);
  });
});
