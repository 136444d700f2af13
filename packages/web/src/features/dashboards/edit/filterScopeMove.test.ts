import type { JsonMetadata } from '@tessera/shared/dashboard/metadata';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import { chartsMovedScope, chartsUnder, dashboardScopes } from './filterScopeMove.ts';

// Two tabs: TAB-a holds a row with charts 1 and 2, TAB-b holds chart 3.
const before = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-1'], meta: {} },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['CHART-3'], meta: {} },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
} as unknown as DashboardLayout;

const moved = (layout: DashboardLayout, id: string, from: string, to: string): DashboardLayout => {
  const next = structuredClone(layout);
  (next[from] as { children: string[] }).children = (
    next[from] as { children: string[] }
  ).children.filter((c) => c !== id);
  (next[to] as { children: string[] }).children.push(id);
  return next;
};

const tabFilter = {
  id: 'NATIVE_FILTER-a',
  type: 'NATIVE_FILTER',
  name: 'A',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'x' } }],
  scope: { rootPath: ['TAB-a'], excluded: [] },
} as const;

describe('moving a chart across filter scopes', () => {
  it('finds the charts under a moved row', () => {
    expect(chartsUnder(before, 'ROW-1')).toEqual([1, 2]);
  });

  it('names the charts whose filters changed when a chart goes to another tab', () => {
    const metadata = { native_filter_configuration: [tabFilter] } as unknown as JsonMetadata;
    const scopes = dashboardScopes(metadata, [1, 2, 3], true);
    const after = moved(before, 'CHART-2', 'ROW-1', 'TAB-b');
    expect(chartsMovedScope(before, after, 'CHART-2', scopes, [1, 2, 3])).toEqual([2]);
    // Within the same tab nothing changes.
    const within = moved(before, 'CHART-2', 'ROW-1', 'TAB-a');
    expect(chartsMovedScope(before, within, 'CHART-2', scopes, [1, 2, 3])).toEqual([]);
  });

  it('counts a chart’s cross-filter scope, and nothing when every scope is the whole dashboard', () => {
    const crossOnly = {
      chart_configuration: {
        '3': { id: 3, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] } } },
      },
    } as unknown as JsonMetadata;
    const after = moved(before, 'CHART-2', 'ROW-1', 'TAB-b');
    const on = dashboardScopes(crossOnly, [1, 2, 3], true);
    expect(chartsMovedScope(before, after, 'CHART-2', on, [1, 2, 3])).toEqual([2]);
    const off = dashboardScopes(crossOnly, [1, 2, 3], false);
    expect(chartsMovedScope(before, after, 'CHART-2', off, [1, 2, 3])).toEqual([]);
    const global = dashboardScopes({} as JsonMetadata, [1, 2, 3], true);
    expect(chartsMovedScope(before, after, 'CHART-2', global, [1, 2, 3])).toEqual([]);
  });
});
