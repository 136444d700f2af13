import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The save modal's state (spec section 3 "Save modal"). */

export interface DashboardOption {
  value: number;
  label: string;
}

export interface SaveModalState {
  isVisible: boolean;
  /** The dashboards the user may add the chart to (their own). */
  dashboards: DashboardOption[];
  saveModalAlert: string | null;
  /** The last overwrite was refused because someone saved the chart since: offer reload or overwrite. */
  conflict: boolean;
  /** What the last save answered: the chart as stored. */
  data: { id: number; slice_name: string } | null;
}

export const FETCH_DASHBOARDS_FAILED = 'Failed to retrieve dashboards';

export const initialSaveModalState: SaveModalState = {
  isVisible: false,
  dashboards: [],
  saveModalAlert: null,
  conflict: false,
  data: null,
};

export const saveModalSlice = createSlice({
  name: 'saveModal',
  initialState: initialSaveModalState,
  reducers: {
    saveModalVisibilitySet(state, action: PayloadAction<boolean>) {
      state.isVisible = action.payload;
      state.conflict = false;
      if (!action.payload) state.saveModalAlert = null;
    },
    dashboardsFetched(state, action: PayloadAction<DashboardOption[]>) {
      state.dashboards = action.payload;
    },
    dashboardsFetchFailed(state) {
      state.dashboards = [];
      state.saveModalAlert = FETCH_DASHBOARDS_FAILED;
    },
    chartSaved(state, action: PayloadAction<{ id: number; slice_name: string }>) {
      state.data = action.payload;
      state.saveModalAlert = null;
      state.conflict = false;
    },
    chartSaveFailed(state, action: PayloadAction<string>) {
      state.saveModalAlert = action.payload;
      state.conflict = false;
    },
    chartSaveConflicted(state, action: PayloadAction<string>) {
      state.saveModalAlert = action.payload;
      state.conflict = true;
    },
    saveModalAlertCleared(state) {
      state.saveModalAlert = null;
    },
  },
});

export const {
  saveModalVisibilitySet,
  dashboardsFetched,
  dashboardsFetchFailed,
  chartSaved,
  chartSaveFailed,
  chartSaveConflicted,
  saveModalAlertCleared,
} = saveModalSlice.actions;
