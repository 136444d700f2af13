import type { NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import { risonDataMask } from './addressDataMask.ts';
import {
  chartExtraFormData,
  chartsChanged,
  filterScopes,
  initialDataMask,
  rangeDataMask,
  selectDataMask,
  timeDataMask,
} from './dataMask.ts';

const filter = (overrides: Partial<NativeFilter>): NativeFilter => ({
  id: 'NATIVE_FILTER-a',
  type: 'NATIVE_FILTER',
  name: 'Origin',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'origin' } }],
  ...overrides,
});

// Chart 1 on the top level, chart 2 on TAB-a, chart 3 on TAB-b.
const layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['CHART-1', 'TABS-1'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['CHART-2'], meta: {} },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['CHART-3'], meta: {} },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
} as unknown as DashboardLayout;

describe('data masks of native filters', () => {
  it('a value filter selects IN, or NOT IN when inverse, and nothing when empty', () => {
    expect(selectDataMask(filter({}), ['SFO']).extraFormData).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }],
    });
    const inverse = filter({ controlValues: { inverseSelection: true } });
    expect(selectDataMask(inverse, ['SFO']).extraFormData?.filters?.[0]?.op).toBe('NOT IN');
    expect(selectDataMask(filter({}), [])).toMatchObject({
      extraFormData: {},
      filterState: { value: null },
    });
  });

  it('a range filter bounds its column on each side given', () => {
    const range = filter({ filterType: 'filter_range' });
    expect(rangeDataMask(range, [10, 20]).extraFormData?.filters).toEqual([
      { col: 'origin', op: '>=', val: 10 },
      { col: 'origin', op: '<=', val: 20 },
    ]);
    expect(rangeDataMask(range, [null, 20]).extraFormData?.filters).toHaveLength(1);
  });

  it('time filters override the time range, the time column and the time grain', () => {
    expect(timeDataMask(filter({ filterType: 'filter_time' }), 'Last week').extraFormData).toEqual({
      time_range: 'Last week',
    });
    expect(timeDataMask(filter({ filterType: 'filter_timecolumn' }), 'ds').extraFormData).toEqual({
      granularity_sqla: 'ds',
    });
    expect(timeDataMask(filter({ filterType: 'filter_timegrain' }), 'P1M').extraFormData).toEqual({
      time_grain_sqla: 'P1M',
    });
  });

  it('opens with the defaults, replaced by the address for the filters it names', () => {
    const a = filter({ defaultDataMask: { filterState: { value: ['LAX'] } } });
    const b = filter({ id: 'NATIVE_FILTER-b', defaultDataMask: { filterState: { value: ['X'] } } });
    const masks = initialDataMask([a, b], {
      'NATIVE_FILTER-b': { filterState: { value: ['Y'] } },
      'NATIVE_FILTER-gone': { filterState: { value: ['Z'] } },
    });
    expect(masks['NATIVE_FILTER-a']?.filterState?.value).toEqual(['LAX']);
    expect(masks['NATIVE_FILTER-b']?.filterState?.value).toEqual(['Y']);
    expect(masks['NATIVE_FILTER-gone']).toBeUndefined();
  });

  it('reaches the charts of its scope: a tab, minus excluded charts', () => {
    const onTab = filter({ scope: { rootPath: ['TAB-a'], excluded: [] } });
    const allBut3 = filter({
      id: 'NATIVE_FILTER-t',
      filterType: 'filter_time',
      scope: { rootPath: ['ROOT_ID'], excluded: [3] },
    });
    const filters = [onTab, allBut3];
    const scopes = filterScopes(filters, layout, [1, 2, 3]);
    const masks = {
      [onTab.id]: selectDataMask(onTab, ['SFO']),
      [allBut3.id]: timeDataMask(allBut3, 'Last week'),
    };
    expect(chartExtraFormData(1, filters, scopes, masks)).toEqual({ time_range: 'Last week' });
    expect(chartExtraFormData(2, filters, scopes, masks)).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }],
      time_range: 'Last week',
    });
    expect(chartExtraFormData(3, filters, scopes, masks)).toBeUndefined();
    expect(
      chartsChanged([1, 2, 3], filters, scopes, masks, {
        ...masks,
        [onTab.id]: selectDataMask(onTab, ['LAX']),
      }),
    ).toEqual([2]);
  });

  it('reads native_filters (rison) from the address', () => {
    const search = `?native_filters=${encodeURIComponent(
      '(NATIVE_FILTER-a:(extraFormData:(filters:!((col:origin,op:IN,val:!(SFO)))),filterState:(value:!(SFO))))',
    )}`;
    expect(risonDataMask(search)).toEqual({
      'NATIVE_FILTER-a': {
        id: 'NATIVE_FILTER-a',
        extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }] },
        filterState: { value: ['SFO'] },
      },
    });
    expect(risonDataMask('?native_filters=(((')).toBeNull();
  });
});
