import { describe, expect, it } from 'vitest';
import {
  activeTabSet,
  colorSchemeChanged,
  colorsSynced,
  dashboardLoaded,
  dashboardSlice,
  editModeSet,
  fullSizeChartSet,
  initialDashboardState,
  refreshFrequencySet,
  saveFinished,
  saveStarted,
  sliceExpandToggled,
  starredSet,
} from './dashboardSlice.ts';

const reduce = dashboardSlice.reducer;

const loaded = reduce(
  undefined,
  dashboardLoaded({
    css: '.x{}',
    sliceIds: [1, 2],
    isPublished: true,
    colorScheme: 'supersetColors',
    expandedSlices: { 2: true },
    lastModifiedTime: 100,
    refreshFrequency: 60,
    editMode: false,
    activeTabs: ['TAB-1'],
  }),
);

describe('dashboard state', () => {
  it('starts with every field of the spec', () => {
    expect(Object.keys(initialDashboardState()).sort()).toEqual(
      [
        'css',
        'sliceIds',
        'isStarred',
        'isPublished',
        'editMode',
        'colorScheme',
        'updatedColorScheme',
        'labelsColorMapMustSync',
        'sharedLabelsColorsMustSync',
        'expandedSlices',
        'dashboardIsSaving',
        'lastModifiedTime',
        'refreshFrequency',
        'shouldPersistRefreshFrequency',
        'isRefreshing',
        'isFiltersRefreshing',
        'directPathToChild',
        'directPathLastUpdated',
        'activeTabs',
        'inactiveTabs',
        'overwriteConfirmMetadata',
        'focusedFilterField',
        'fullSizeChartId',
        'datasetsStatus',
        // Tessera's own: the charts asked for before the first render.
        'firstScreenChartIds',
      ].sort(),
    );
  });

  it('takes the loaded dashboard, keeping a favourite already known', () => {
    const starred = reduce(
      reduce(undefined, starredSet(true)),
      dashboardLoaded({
        css: '',
        sliceIds: [],
        isPublished: false,
        colorScheme: null,
        expandedSlices: {},
        lastModifiedTime: 0,
        refreshFrequency: 0,
        editMode: false,
      }),
    );
    expect(starred.isStarred).toBe(true);
    expect(loaded).toMatchObject({
      css: '.x{}',
      sliceIds: [1, 2],
      isPublished: true,
      refreshFrequency: 60,
      shouldPersistRefreshFrequency: false,
      activeTabs: ['TAB-1'],
      expandedSlices: { 2: true },
    });
  });

  it('does not persist a refresh frequency chosen in view mode', () => {
    const viewed = reduce(loaded, refreshFrequencySet({ frequency: 10, persist: false }));
    expect(viewed).toMatchObject({ refreshFrequency: 10, shouldPersistRefreshFrequency: false });
    const edited = reduce(loaded, refreshFrequencySet({ frequency: 300, persist: true }));
    expect(edited.shouldPersistRefreshFrequency).toBe(true);
  });

  it('marks colours to sync when the scheme changes, and clears them once synced', () => {
    const changed = reduce(loaded, colorSchemeChanged('blueToGreen'));
    expect(changed).toMatchObject({
      colorScheme: 'blueToGreen',
      updatedColorScheme: true,
      labelsColorMapMustSync: true,
      sharedLabelsColorsMustSync: true,
    });
    expect(reduce(loaded, colorSchemeChanged('supersetColors')).updatedColorScheme).toBe(false);
    expect(reduce(changed, colorsSynced())).toMatchObject({
      labelsColorMapMustSync: false,
      sharedLabelsColorsMustSync: false,
      updatedColorScheme: false,
    });
  });

  it('activates one tab among its siblings and remembers the others as inactive', () => {
    const next = reduce(loaded, activeTabSet({ tabId: 'TAB-2', siblings: ['TAB-1', 'TAB-2'] }));
    expect(next.activeTabs).toEqual(['TAB-2']);
    expect(next.inactiveTabs).toEqual(['TAB-1']);
    const back = reduce(next, activeTabSet({ tabId: 'TAB-1', siblings: ['TAB-1', 'TAB-2'] }));
    expect(back.activeTabs).toEqual(['TAB-1']);
    expect(back.inactiveTabs).toEqual(['TAB-2']);
  });

  it('toggles expanded descriptions, full-size charts and edit mode', () => {
    const expanded = reduce(loaded, sliceExpandToggled(1));
    expect(expanded.expandedSlices).toEqual({ 1: true, 2: true });
    expect(reduce(expanded, sliceExpandToggled(2)).expandedSlices).toEqual({ 1: true });
    const full = reduce(loaded, fullSizeChartSet(2));
    expect(full.fullSizeChartId).toBe(2);
    expect(reduce(full, editModeSet(true))).toMatchObject({
      editMode: true,
      fullSizeChartId: null,
    });
  });

  it('tracks saving and the saved time, and leaves edit mode after a save', () => {
    const saving = reduce(reduce(loaded, editModeSet(true)), saveStarted());
    expect(saving.dashboardIsSaving).toBe(true);
    const saved = reduce(saving, saveFinished({ lastModifiedTime: 200 }));
    expect(saved).toMatchObject({
      dashboardIsSaving: false,
      editMode: false,
      lastModifiedTime: 200,
    });
  });
});
