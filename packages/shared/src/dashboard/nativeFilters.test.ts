import { describe, expect, it } from 'vitest';
import {
  applyFiltersChange,
  chartsInScope,
  filterConfigurationErrors,
  INVALID_FILTER_KEY_MESSAGE,
  nativeFiltersFromLegacy,
  parseFilterKey,
} from './nativeFilters.ts';
import type { DashboardLayout } from './position.ts';

const select = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'NATIVE_FILTER',
  name: `Filter ${id}`,
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'region' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  ...extra,
});

describe('native filter configuration', () => {
  it('accepts a value filter, a time-range filter and a divider', () => {
    expect(
      filterConfigurationErrors([
        select('NATIVE_FILTER-a1'),
        {
          id: 'NATIVE_FILTER-t',
          type: 'NATIVE_FILTER',
          name: 'When',
          filterType: 'filter_time',
          targets: [{}],
        },
        { id: 'NATIVE_FILTER_DIVIDER-x', type: 'DIVIDER', title: 'Sales', description: 'Below' },
      ]),
    ).toEqual([]);
  });

  it('names the item and the field of each problem', () => {
    const errors = filterConfigurationErrors([
      select('NATIVE_FILTER-a', { name: '  ' }),
      select('NATIVE_FILTER-b', { targets: [{ datasetId: 3 }] }),
      {
        id: 'NATIVE_FILTER-c',
        type: 'NATIVE_FILTER',
        name: 'Grain',
        filterType: 'filter_timegrain',
        targets: [],
      },
      {
        id: 'NATIVE_FILTER-d',
        type: 'NATIVE_FILTER',
        name: 'Odd',
        filterType: 'filter_pie',
        targets: [],
      },
      { id: 'oops', type: 'DIVIDER', title: 'x' },
    ]);
    expect(errors).toContain('native_filter_configuration[0].name: Name is required');
    expect(errors).toContain('native_filter_configuration[1].targets: Column is required');
    expect(errors).toContain('native_filter_configuration[2].targets: Dataset is required');
    expect(errors.some((e) => e.startsWith('native_filter_configuration[3].filterType'))).toBe(
      true,
    );
    expect(errors).toContain(
      'native_filter_configuration[4].id: must start with NATIVE_FILTER_DIVIDER- followed by letters, digits, - or _',
    );
  });

  it('refuses duplicate ids, unknown cascade parents and cascade cycles', () => {
    expect(
      filterConfigurationErrors([select('NATIVE_FILTER-a'), select('NATIVE_FILTER-a')]),
    ).toEqual(['native_filter_configuration[1].id: Duplicate id NATIVE_FILTER-a']);
    expect(
      filterConfigurationErrors([
        select('NATIVE_FILTER-a', { cascadeParentIds: ['NATIVE_FILTER-z'] }),
      ]),
    ).toEqual([
      'native_filter_configuration[0].cascadeParentIds: Unknown parent filter NATIVE_FILTER-z',
    ]);
    const cycle = filterConfigurationErrors([
      select('NATIVE_FILTER-a', { cascadeParentIds: ['NATIVE_FILTER-b'] }),
      select('NATIVE_FILTER-b', { cascadeParentIds: ['NATIVE_FILTER-a'] }),
    ]);
    expect(cycle).toContain(
      'native_filter_configuration[0].cascadeParentIds: Cascading filters form a cycle',
    );
  });
});

describe('a filter change landing on a configuration', () => {
  const current = [
    { id: 'A', v: 1 },
    { id: 'B', v: 1 },
    { id: 'C', v: 1 },
  ];

  it('replaces modified items in place, appends new ones and drops deleted ones', () => {
    const next = applyFiltersChange(current, {
      modified: [
        { id: 'B', v: 2 },
        { id: 'D', v: 1 },
      ],
      deleted: ['A'],
      reordered: [],
    });
    expect(next).toEqual([
      { id: 'B', v: 2 },
      { id: 'C', v: 1 },
      { id: 'D', v: 1 },
    ]);
  });

  it('puts the reordered ids first, in that order, the rest after them as they were', () => {
    const next = applyFiltersChange(current, { modified: [], deleted: [], reordered: ['C', 'A'] });
    expect(next.map((f) => f.id)).toEqual(['C', 'A', 'B']);
  });
});

describe('charts in a scope', () => {
  const layout: DashboardLayout = {
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
    'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-1'], meta: {} },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['CHART-3'], meta: {} },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'], meta: {} },
    'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 11 } },
    'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 12 } },
    'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 13 } },
  };

  it('reaches every chart from the root, but the excluded ones', () => {
    expect(chartsInScope({ rootPath: ['ROOT_ID'], excluded: [12] }, layout)).toEqual([11, 13]);
  });

  it('reaches only the charts of the tabs named', () => {
    expect(chartsInScope({ rootPath: ['TAB-b'], excluded: [] }, layout)).toEqual([13]);
    expect(chartsInScope({ rootPath: ['TAB-a'], excluded: [11] }, layout)).toEqual([12]);
  });

  it('reads a missing scope as all panels', () => {
    expect(chartsInScope(undefined, layout, [11, 12, 13, 14])).toEqual([11, 12, 13, 14]);
  });
});

describe('filter keys', () => {
  it('reads native filter ids and chart cross-filter keys', () => {
    expect(parseFilterKey('NATIVE_FILTER-abc')).toEqual({
      kind: 'native',
      id: 'NATIVE_FILTER-abc',
    });
    expect(parseFilterKey('42_country_name')).toEqual({
      kind: 'chart',
      chartId: 42,
      column: 'country_name',
    });
  });

  it('refuses anything else with Superset’s message', () => {
    for (const key of ['', 'abc', '_x', '42_', 'x_42']) {
      expect(() => parseFilterKey(key)).toThrow(INVALID_FILTER_KEY_MESSAGE);
    }
  });
});

describe('legacy filter boxes', () => {
  it('become native filters with their defaults and scopes', () => {
    const filters = nativeFiltersFromLegacy(
      JSON.stringify({ 7: { region: ['EU', 'US'], __time_range: 'Last year' } }),
      { 7: { region: { scope: ['TAB-a'], immune: [12] } } },
      (chartId) => (chartId === 7 ? 3 : undefined),
    );
    expect(filters).toEqual([
      expect.objectContaining({
        id: 'NATIVE_FILTER-7_region',
        filterType: 'filter_select',
        targets: [{ datasetId: 3, column: { name: 'region' } }],
        defaultDataMask: {
          filterState: { value: ['EU', 'US'] },
          extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU', 'US'] }] },
        },
        scope: { rootPath: ['TAB-a'], excluded: [12, 7] },
      }),
      expect.objectContaining({
        id: 'NATIVE_FILTER-7___time_range',
        filterType: 'filter_time',
        defaultDataMask: {
          filterState: { value: 'Last year' },
          extraFormData: { time_range: 'Last year' },
        },
        scope: { rootPath: ['ROOT_ID'], excluded: [7] },
      }),
    ]);
    expect(filterConfigurationErrors(filters)).toEqual([]);
  });

  it('skips a filter box whose chart has no dataset, and unreadable defaults', () => {
    expect(nativeFiltersFromLegacy('{not json', { 9: { region: {} } }, () => undefined)).toEqual(
      [],
    );
  });
});
