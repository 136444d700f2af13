import { describe, expect, it } from 'vitest';
import {
  chartIdOfKey,
  crossFilterColumns,
  crossFilterScopeOf,
  crossFilterTargets,
  filterKey,
  INVALID_FILTER_KEY_MESSAGE,
  isActiveCrossFilter,
  parseFilterKey,
  scopedChartConfiguration,
  scopesReaching,
} from './crossFilters.ts';
import { checkJsonMetadata } from './metadata.ts';
import type { DashboardLayout } from './position.ts';

// ROOT > GRID > TABS > TAB-a (charts 1, 2) and TAB-b (chart 3)
const layout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-1'], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['CHART-1', 'CHART-2'], meta: {} },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['CHART-3'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
} as DashboardLayout;
const all = [1, 2, 3];

describe('filter keys', () => {
  it('makes and parses {chartId}_{column}', () => {
    expect(filterKey(12, 'country_name')).toBe('12_country_name');
    expect(parseFilterKey(filterKey(12, 'country_name'))).toEqual({
      kind: 'chart',
      chartId: 12,
      column: 'country_name',
    });
  });

  it('reads the chart of a cross-filter key, a filter key, and none of a native filter', () => {
    expect(chartIdOfKey('12')).toBe(12);
    expect(chartIdOfKey('12_region')).toBe(12);
    expect(chartIdOfKey('NATIVE_FILTER-abc')).toBeNull();
  });

  it.each(['', '_region', 'abc_region', '12_', 'NATIVE-x'])(
    'refuses the invalid key %j with Superset’s message',
    (key) => {
      expect(() => chartIdOfKey(key)).toThrow(INVALID_FILTER_KEY_MESSAGE);
    },
  );
});

describe('cross-filter scope', () => {
  it('falls back to the global scope, and the emitter never filters itself', () => {
    expect(crossFilterTargets(1, {}, layout, all)).toEqual([2, 3]);
    const metadata = {
      global_chart_configuration: { scope: { rootPath: ['TAB-a'], excluded: [] } },
    };
    expect(crossFilterTargets(1, metadata, layout, all)).toEqual([2]);
    expect(crossFilterTargets(3, metadata, layout, all)).toEqual([1, 2]);
  });

  it('uses a chart’s own scope, tabs and excluded charts', () => {
    const metadata = {
      chart_configuration: {
        '3': { id: 3, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [2] } } },
        '2': { id: 2, crossFilters: { scope: 'global' as const } },
      },
      global_chart_configuration: { scope: { rootPath: ['TAB-b'], excluded: [] } },
    };
    expect(crossFilterScopeOf(3, metadata)).toEqual({ rootPath: ['ROOT_ID'], excluded: [2] });
    expect(crossFilterTargets(3, metadata, layout, all)).toEqual([1]);
    expect(crossFilterTargets(2, metadata, layout, all)).toEqual([3]);
  });

  it('caches the charts each scope reaches when the modal saves', () => {
    const saved = scopedChartConfiguration(
      { 1: { rootPath: ['TAB-b'], excluded: [] } },
      { rootPath: ['ROOT_ID'], excluded: [3] },
      layout,
      all,
    );
    expect(saved.chart_configuration['1']).toEqual({
      id: 1,
      crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [3] },
    });
    expect(saved.chart_configuration['2']?.crossFilters).toEqual({
      scope: 'global',
      chartsInScope: [1],
    });
    expect(saved.global_chart_configuration.chartsInScope).toEqual([1, 2]);
    expect(checkJsonMetadata(saved).ok).toBe(true);
  });

  it('names the filters reaching a chart, so a move to another scope shows', () => {
    const scopes = [
      { key: 'NATIVE_FILTER-a', scope: { rootPath: ['TAB-a'], excluded: [] } },
      { key: '3', scope: { rootPath: ['ROOT_ID'], excluded: [] }, emitter: 3 },
    ];
    expect(scopesReaching(1, scopes, layout, all)).toEqual(['3', 'NATIVE_FILTER-a']);
    expect(scopesReaching(3, scopes, layout, all)).toEqual([]);
  });
});

describe('cross-filter masks', () => {
  it('lists the filtered columns and whether the mask is active', () => {
    const mask = {
      extraFormData: {
        filters: [
          { col: 'country', op: 'IN', val: ['FR'] },
          { col: { label: 'Decade', sqlExpression: 'year / 10' }, op: 'IN', val: [199] },
        ],
      },
      filterState: { value: [['FR', 199]], selectedValues: ['FR, 199'] },
    };
    expect(crossFilterColumns(mask)).toEqual(['country', 'Decade']);
    expect(isActiveCrossFilter(mask)).toBe(true);
    expect(isActiveCrossFilter({ extraFormData: {}, filterState: { value: null } })).toBe(false);
  });
});

describe('chart_configuration in json_metadata', () => {
  it('refuses an entry keyed by another chart, a bad scope and a non-integer id', () => {
    const wrongKey = checkJsonMetadata({
      chart_configuration: { '5': { id: 6, crossFilters: { scope: 'global' } } },
    });
    expect(!wrongKey.ok && wrongKey.errors[0]).toBe(
      'chart_configuration.5.id: must be the chart id the entry is keyed by (5)',
    );
    const badScope = checkJsonMetadata({
      chart_configuration: { '5': { id: 5, crossFilters: { scope: 'everywhere' } } },
    });
    expect(badScope.ok).toBe(false);
    const badGlobal = checkJsonMetadata({
      global_chart_configuration: { scope: { rootPath: 'ROOT_ID', excluded: [] } },
    });
    expect(badGlobal.ok).toBe(false);
    expect(checkJsonMetadata({ cross_filters_enabled: 'yes' }).ok).toBe(false);
  });
});
