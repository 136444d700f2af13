import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The spec's "Dashboard state" (section 3) and its transitions (section 4). The layout, its
 * undo history (maxUndoHistoryExceeded) and the unsaved-changes flag live in the editor's
 * `layoutSlice`; everything else the page tracks about the open dashboard lives here.
 */

export type DatasetsStatus = 'loading' | 'complete' | 'failed' | null;

export interface FocusedFilterField {
  chartId: number;
  column: string;
}

/** What the confirm-diff dialog shows before an overwrite (filled by the editor's save flow). */
export interface OverwriteConfirmMetadata {
  updatedAt: string;
  updatedBy: string;
  overwriteConfirmItems: Array<{ keyPath: string; oldValue: string; newValue: string }>;
  dashboardId: number;
  data: Record<string, unknown>;
}

export interface DashboardState {
  css: string;
  sliceIds: number[];
  isStarred: boolean;
  isPublished: boolean;
  editMode: boolean;
  colorScheme: string | null;
  /** The colour scheme was changed in this session (charts redraw, colours are re-collected). */
  updatedColorScheme: boolean;
  /** The label-colour map collected from the charts differs from the saved one. */
  labelsColorMapMustSync: boolean;
  /** The list of labels shared by several charts differs from the saved one. */
  sharedLabelsColorsMustSync: boolean;
  expandedSlices: Record<number, boolean>;
  dashboardIsSaving: boolean;
  /** Epoch seconds of the server's changed_on when the dashboard was loaded or last saved. */
  lastModifiedTime: number;
  /** Seconds; 0 is off. */
  refreshFrequency: number;
  /** False when the frequency was chosen in view mode: saving leaves the stored one alone. */
  shouldPersistRefreshFrequency: boolean;
  isRefreshing: boolean;
  isFiltersRefreshing: boolean;
  /** Layout ids from ROOT to the component to bring into view (opens its tabs). */
  directPathToChild: string[];
  directPathLastUpdated: number;
  activeTabs: string[];
  inactiveTabs: string[];
  overwriteConfirmMetadata: OverwriteConfirmMetadata | null;
  focusedFilterField: FocusedFilterField | null;
  fullSizeChartId: number | null;
  datasetsStatus: DatasetsStatus;
  /**
   * The charts the first screen was expected to show when the dashboard loaded (their data was
   * asked for before the first render): their holders render as in view from the start.
   */
  firstScreenChartIds: number[];
}

export function initialDashboardState(): DashboardState {
  return {
    css: '',
    sliceIds: [],
    isStarred: false,
    isPublished: false,
    editMode: false,
    colorScheme: null,
    updatedColorScheme: false,
    labelsColorMapMustSync: false,
    sharedLabelsColorsMustSync: false,
    expandedSlices: {},
    dashboardIsSaving: false,
    lastModifiedTime: 0,
    refreshFrequency: 0,
    shouldPersistRefreshFrequency: false,
    isRefreshing: false,
    isFiltersRefreshing: false,
    directPathToChild: [],
    directPathLastUpdated: 0,
    activeTabs: [],
    inactiveTabs: [],
    overwriteConfirmMetadata: null,
    focusedFilterField: null,
    fullSizeChartId: null,
    datasetsStatus: null,
    firstScreenChartIds: [],
  };
}

export interface DashboardLoadedPayload {
  css: string;
  sliceIds: number[];
  isPublished: boolean;
  colorScheme: string | null;
  expandedSlices: Record<number, boolean>;
  lastModifiedTime: number;
  refreshFrequency: number;
  editMode: boolean;
  activeTabs?: string[];
  directPathToChild?: string[];
  firstScreenChartIds?: number[];
}

export const dashboardSlice = createSlice({
  name: 'dashboardState',
  initialState: initialDashboardState,
  reducers: {
    dashboardLoaded(state, action: PayloadAction<DashboardLoadedPayload>) {
      const p = action.payload;
      return {
        ...initialDashboardState(),
        css: p.css,
        sliceIds: p.sliceIds,
        isPublished: p.isPublished,
        colorScheme: p.colorScheme,
        expandedSlices: p.expandedSlices,
        lastModifiedTime: p.lastModifiedTime,
        refreshFrequency: p.refreshFrequency,
        // A stored frequency is the dashboard's own: saving keeps it.
        shouldPersistRefreshFrequency: false,
        editMode: p.editMode,
        activeTabs: p.activeTabs ?? [],
        directPathToChild: p.directPathToChild ?? [],
        directPathLastUpdated: p.directPathToChild?.length ? Date.now() : 0,
        isStarred: state.isStarred,
        // The datasets load on their own and may still be on their way.
        datasetsStatus: state.datasetsStatus,
        firstScreenChartIds: p.firstScreenChartIds ?? [],
      };
    },
    editModeSet(state, action: PayloadAction<boolean>) {
      state.editMode = action.payload;
      // Leaving edit mode ends a full-size view opened while editing, as entering it does.
      state.fullSizeChartId = null;
    },
    starredSet(state, action: PayloadAction<boolean>) {
      state.isStarred = action.payload;
    },
    publishedSet(state, action: PayloadAction<boolean>) {
      state.isPublished = action.payload;
    },
    cssChanged(state, action: PayloadAction<string>) {
      state.css = action.payload;
    },
    sliceIdsSet(state, action: PayloadAction<number[]>) {
      state.sliceIds = action.payload;
    },
    colorSchemeChanged(state, action: PayloadAction<string | null>) {
      if (state.colorScheme === action.payload) return;
      state.colorScheme = action.payload;
      state.updatedColorScheme = true;
      state.labelsColorMapMustSync = true;
      state.sharedLabelsColorsMustSync = true;
    },
    colorSyncNeeded(state, action: PayloadAction<{ labels: boolean; shared: boolean }>) {
      state.labelsColorMapMustSync = action.payload.labels;
      state.sharedLabelsColorsMustSync = action.payload.shared;
    },
    colorsSynced(state) {
      state.labelsColorMapMustSync = false;
      state.sharedLabelsColorsMustSync = false;
      state.updatedColorScheme = false;
    },
    sliceExpandToggled(state, action: PayloadAction<number>) {
      const id = action.payload;
      if (state.expandedSlices[id]) delete state.expandedSlices[id];
      else state.expandedSlices[id] = true;
    },
    saveStarted(state) {
      state.dashboardIsSaving = true;
    },
    saveFinished(state, action: PayloadAction<{ lastModifiedTime?: number } | undefined>) {
      state.dashboardIsSaving = false;
      state.editMode = false;
      state.overwriteConfirmMetadata = null;
      if (action.payload?.lastModifiedTime) {
        state.lastModifiedTime = action.payload.lastModifiedTime;
      }
    },
    saveFailed(state) {
      state.dashboardIsSaving = false;
    },
    lastModifiedTimeSet(state, action: PayloadAction<number>) {
      state.lastModifiedTime = action.payload;
    },
    refreshFrequencySet(state, action: PayloadAction<{ frequency: number; persist: boolean }>) {
      state.refreshFrequency = action.payload.frequency;
      state.shouldPersistRefreshFrequency = action.payload.persist;
    },
    refreshStarted(state) {
      state.isRefreshing = true;
    },
    refreshFinished(state) {
      state.isRefreshing = false;
    },
    filtersRefreshSet(state, action: PayloadAction<boolean>) {
      state.isFiltersRefreshing = action.payload;
    },
    directPathSet(state, action: PayloadAction<string[]>) {
      state.directPathToChild = action.payload;
      state.directPathLastUpdated = Date.now();
    },
    /** One tab chosen among its siblings: it becomes active, the siblings inactive. */
    activeTabSet(state, action: PayloadAction<{ tabId: string; siblings: string[] }>) {
      const { tabId, siblings } = action.payload;
      const others = siblings.filter((id) => id !== tabId);
      state.activeTabs = [...state.activeTabs.filter((id) => !siblings.includes(id)), tabId];
      state.inactiveTabs = [
        ...state.inactiveTabs.filter((id) => id !== tabId && !others.includes(id)),
        ...others,
      ];
    },
    activeTabsSet(state, action: PayloadAction<string[]>) {
      state.activeTabs = action.payload;
    },
    overwriteConfirmSet(state, action: PayloadAction<OverwriteConfirmMetadata | null>) {
      state.overwriteConfirmMetadata = action.payload;
    },
    focusedFilterFieldSet(state, action: PayloadAction<FocusedFilterField | null>) {
      state.focusedFilterField = action.payload;
    },
    fullSizeChartSet(state, action: PayloadAction<number | null>) {
      state.fullSizeChartId = action.payload;
    },
    datasetsStatusSet(state, action: PayloadAction<DatasetsStatus>) {
      state.datasetsStatus = action.payload;
    },
  },
});

export const {
  dashboardLoaded,
  editModeSet,
  starredSet,
  publishedSet,
  cssChanged,
  sliceIdsSet,
  colorSchemeChanged,
  colorSyncNeeded,
  colorsSynced,
  sliceExpandToggled,
  saveStarted,
  saveFinished,
  saveFailed,
  lastModifiedTimeSet,
  refreshFrequencySet,
  refreshStarted,
  refreshFinished,
  filtersRefreshSet,
  directPathSet,
  activeTabSet,
  activeTabsSet,
  overwriteConfirmSet,
  focusedFilterFieldSet,
  fullSizeChartSet,
  datasetsStatusSet,
} = dashboardSlice.actions;
