import { describe, expect, it } from 'vitest';
import {
  chartSaved,
  chartSaveFailed,
  dashboardsFetched,
  dashboardsFetchFailed,
  initialSaveModalState,
  saveModalSlice,
  saveModalVisibilitySet,
} from './saveModalSlice.ts';

const reduce = (...actions: Parameters<typeof saveModalSlice.reducer>[1][]) =>
  actions.reduce(saveModalSlice.reducer, initialSaveModalState);

describe('save modal state', () => {
  it('opens and closes, dropping its alert when closed', () => {
    expect(reduce(saveModalVisibilitySet(true)).isVisible).toBe(true);
    const closed = reduce(
      saveModalVisibilitySet(true),
      chartSaveFailed('Sorry, an unknown error occurred'),
      saveModalVisibilitySet(false),
    );
    expect(closed.isVisible).toBe(false);
    expect(closed.saveModalAlert).toBeNull();
  });

  it('lists the dashboards fetched, or says they could not be fetched', () => {
    expect(reduce(dashboardsFetched([{ value: 3, label: 'Sales' }])).dashboards).toEqual([
      { value: 3, label: 'Sales' },
    ]);
    expect(reduce(dashboardsFetchFailed()).saveModalAlert).toBe('Failed to retrieve dashboards');
  });

  it('keeps what a save answered and clears the alert', () => {
    const state = reduce(chartSaveFailed('x'), chartSaved({ id: 4, slice_name: 'Delays' }));
    expect(state.data).toEqual({ id: 4, slice_name: 'Delays' });
    expect(state.saveModalAlert).toBeNull();
  });
});
