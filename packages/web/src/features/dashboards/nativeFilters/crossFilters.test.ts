import type { ChartDataAnswer } from '@tessera/shared/api/chartData';
import { CROSS_FILTER_SCOPING_FAILED_MESSAGE } from '@tessera/shared/dashboard/crossFilters';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.ts';
import type { ChartDataBatcher, ChartDataRequest } from '../charts/batcher.ts';
import { chartUpdateStarted } from '../state/chartsSlice.ts';
import { createDashboardStore } from '../state/store.ts';
import { chartLive, loadDashboard } from '../state/thunks.ts';
import { withNativeFilters } from './chartFilters.ts';
import {
  activeCrossFilters,
  crossFilterCleared,
  crossFilterEmitted,
  saveCrossFilterScoping,
} from './crossFilters.ts';
import { fakeDashboardServer, ORIGIN_FILTER } from './testDashboard.ts';

// Charts 5 and 6 share a row, 7 is on a row of its own (testDashboard.ts).
const CLICK_SFO = {
  extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }] },
  filterState: { value: ['SFO'], selectedValues: ['SFO'], label: 'SFO' },
};
const CLEAR = { extraFormData: {}, filterState: { value: null, selectedValues: null } };

async function loaded(
  metadata: Record<string, unknown> = {},
  server = {},
  batcher?: ChartDataBatcher,
) {
  const toasts: string[] = [];
  fakeDashboardServer({ config: [ORIGIN_FILTER], metadata, ...server });
  const store = createDashboardStore({
    toast: (_type, text) => toasts.push(text),
    ...(batcher ? { batcher } : {}),
  });
  await store.dispatch(loadDashboard({ idOrSlug: '1', wantsEdit: () => false, screenHeight: 0 }));
  return { store, toasts };
}

const asked = (store: Awaited<ReturnType<typeof loaded>>['store']) =>
  Object.values(store.getState().charts)
    .filter((c) => c.triggerQuery)
    .map((c) => c.id)
    .sort();

/** As if every chart had asked for its data: none waits to query. */
const settle = (store: Awaited<ReturnType<typeof loaded>>['store']) => {
  for (const id of [5, 6, 7]) {
    store.dispatch(
      chartUpdateStarted({ id, formData: { datasource: '1__table', viz_type: 'pie' } }),
    );
  }
};

const extraOf = (store: Awaited<ReturnType<typeof loaded>>['store'], chartId: number) =>
  withNativeFilters({ datasource: '1__table', viz_type: 'pie' }, chartId, store.getState())
    .extra_form_data;

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('cross-filters on the dashboard page', () => {
  it('sends the queries of the charts in view in the click’s own task; the others wait for their view', async () => {
    const sent: number[] = [];
    const batcher: ChartDataBatcher = {
      fetch: vi.fn((request: ChartDataRequest) => {
        sent.push(request.sliceId as number);
        return new Promise<ChartDataAnswer>(() => {});
      }),
      flush: vi.fn(),
      supported: true,
    };
    const { store } = await loaded({}, {}, batcher);
    settle(store);
    sent.length = 0;
    vi.mocked(batcher.flush).mockClear();
    const release = store.dispatch(chartLive(6));
    store.dispatch(crossFilterEmitted(5, CLICK_SFO));
    // Synchronously: chart 6 (in view) asked and the batch sent; chart 7 marked for its view.
    expect(sent).toEqual([6]);
    expect(batcher.flush).toHaveBeenCalledTimes(1);
    expect(asked(store)).toEqual([7]);
    expect(store.getState().charts[6]?.chartStatus).toBe('loading');
    release();
    store.dispatch(crossFilterCleared('5'));
    expect(sent).toEqual([6]);
  });

  it('lands a click under the chart’s id and re-queries the other charts, never the emitter', async () => {
    const { store } = await loaded();
    settle(store);
    const changed = store.dispatch(crossFilterEmitted(5, CLICK_SFO));
    expect(changed).toEqual([6, 7]);
    expect(asked(store)).toEqual([6, 7]);
    expect(store.getState().dataMask['5']).toMatchObject({ id: '5', ...CLICK_SFO });
    expect(extraOf(store, 6)).toEqual(CLICK_SFO.extraFormData);
    expect(extraOf(store, 5)).toBeUndefined();
    expect(activeCrossFilters(store.getState().dataMask)).toEqual([
      { key: '5_origin', chartId: 5, columns: ['origin'], label: 'SFO' },
    ]);
  });

  it('a second click (an empty mask) or the bar’s clear button removes it', async () => {
    const { store } = await loaded();
    store.dispatch(crossFilterEmitted(5, CLICK_SFO));
    expect(store.dispatch(crossFilterEmitted(5, CLEAR))).toEqual([6, 7]);
    expect(store.getState().dataMask['5']).toBeUndefined();
    store.dispatch(crossFilterEmitted(5, CLICK_SFO));
    expect(store.dispatch(crossFilterCleared('5_origin'))).toEqual([6, 7]);
    expect(store.getState().dataMask['5']).toBeUndefined();
    expect(() => store.dispatch(crossFilterCleared('origin'))).toThrow(
      'Cannot parse invalid filter key',
    );
  });

  it('reaches only the charts of the emitter’s scope', async () => {
    const { store } = await loaded({
      chart_configuration: {
        '5': { id: 5, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [7] } } },
      },
    });
    expect(store.dispatch(crossFilterEmitted(5, CLICK_SFO))).toEqual([6]);
    expect(extraOf(store, 7)).toBeUndefined();
  });

  it('emits nothing when the dashboard has cross-filters off', async () => {
    const { store } = await loaded({ cross_filters_enabled: false });
    expect(store.dispatch(crossFilterEmitted(5, CLICK_SFO))).toEqual([]);
    expect(store.getState().dataMask['5']).toBeUndefined();
  });

  it('saves the scoping through the dashboard’s PUT and re-queries what it changed', async () => {
    const dashboardPuts: Array<{ json_metadata: string }> = [];
    const { store } = await loaded({}, { dashboardPuts });
    store.dispatch(crossFilterEmitted(5, CLICK_SFO));
    settle(store);
    const ok = await store.dispatch(
      saveCrossFilterScoping(
        { 5: { rootPath: ['ROOT_ID'], excluded: [6] } },
        { rootPath: ['ROOT_ID'], excluded: [] },
      ),
    );
    expect(ok).toBe(true);
    const sent = JSON.parse(dashboardPuts[0]?.json_metadata ?? '{}');
    expect(sent.chart_configuration['5']).toEqual({
      id: 5,
      crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [6] }, chartsInScope: [7] },
    });
    expect(sent.global_chart_configuration.chartsInScope).toEqual([5, 6, 7]);
    expect(sent.native_filter_configuration).toHaveLength(1);
    expect(asked(store)).toEqual([6]);
    expect(extraOf(store, 6)).toBeUndefined();
  });

  it('says so when the save fails, and keeps the scoping it had', async () => {
    const { store, toasts } = await loaded({}, { refusePut: true });
    const ok = await store.dispatch(
      saveCrossFilterScoping(
        { 5: { rootPath: ['ROOT_ID'], excluded: [6] } },
        {
          rootPath: ['ROOT_ID'],
          excluded: [],
        },
      ),
    );
    expect(ok).toBe(false);
    expect(toasts).toEqual([CROSS_FILTER_SCOPING_FAILED_MESSAGE]);
    expect(store.getState().dashboardInfo.info?.metadata.chart_configuration).toEqual({});
  });
});
