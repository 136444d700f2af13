import { describe, expect, it } from 'vitest';
import {
  chartRenderSucceeded,
  chartsInitialised,
  chartsRefreshRequested,
  chartsSlice,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateSucceeded,
  everyChartDrawn,
} from './chartsSlice.ts';

const reduce = chartsSlice.reducer;
const formData = { datasource: '1__table', viz_type: 'table' };

describe('dashboard chart runtime state', () => {
  it('goes loading, success, rendered; a refresh asks again with force', () => {
    let state = reduce(undefined, chartsInitialised({ ids: [1, 2] }));
    expect(state[1]).toMatchObject({ triggerQuery: true, force: false, chartStatus: '' });
    state = reduce(state, chartUpdateStarted({ id: 1, formData }));
    expect(state[1]).toMatchObject({ chartStatus: 'loading', triggerQuery: false });
    state = reduce(state, chartUpdateSucceeded({ id: 1, queriesResponse: [{ data: [] }] }));
    expect(state[1]?.chartStatus).toBe('success');
    state = reduce(state, chartRenderSucceeded(1));
    expect(state[1]?.chartStatus).toBe('rendered');
    state = reduce(state, chartsRefreshRequested({ ids: [1], force: true }));
    expect(state[1]).toMatchObject({ triggerQuery: true, force: true });
  });

  it('keeps the failure message and never marks a failed chart rendered', () => {
    let state = reduce(undefined, chartsInitialised({ ids: [1] }));
    state = reduce(state, chartUpdateStarted({ id: 1, formData }));
    state = reduce(state, chartUpdateFailed({ id: 1, error: 'Network error' }));
    state = reduce(state, chartRenderSucceeded(1));
    expect(state[1]).toMatchObject({ chartStatus: 'failed', chartAlert: 'Network error' });
  });

  it('knows when every chart has drawn once, a refresh not undoing it', () => {
    let state = reduce(undefined, chartsInitialised({ ids: [1, 2] }));
    state = reduce(state, chartRenderSucceeded(1));
    expect(everyChartDrawn(state, [1, 2])).toBe(false);
    state = reduce(state, chartUpdateStarted({ id: 2, formData }));
    state = reduce(state, chartUpdateSucceeded({ id: 2, queriesResponse: [{ data: [] }] }));
    state = reduce(state, chartRenderSucceeded(2));
    expect(everyChartDrawn(state, [1, 2])).toBe(true);
    state = reduce(state, chartsRefreshRequested({ ids: [1], force: false }));
    expect(everyChartDrawn(state, [1, 2])).toBe(true);
    expect(everyChartDrawn(state, [])).toBe(false);
  });
});
