import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import {
  type ControlsState,
  computeControls,
  isRenderTrigger,
  switchVizType,
} from './controlState.ts';

/** Explore's page state (spec section 3 "Explore state"). */

/** `saveas` is "save as a new chart" (Superset's name for it); `overwrite` replaces the chart. */
export type SaveAction = 'saveas' | 'overwrite';

export interface ExploreSliceInfo {
  slice_id: number;
  slice_name: string;
  owners: number[];
  description?: string | null;
  cache_timeout?: number | null;
  certified_by?: string | null;
  certification_details?: string | null;
  dashboards?: number[];
  /** When the chart was last changed, as loaded or saved: an overwrite's precondition. */
  changed_on?: string | null;
}

export interface ExploreState {
  form_data: QueryFormData | null;
  controls: ControlsState;
  datasource: DatasourceMeta | null;
  slice: ExploreSliceInfo | null;
  sliceName: string;
  isStarred: boolean;
  saveAction: SaveAction | null;
  force: boolean;
  /** Values kept in form data that no control of the current chart type draws. */
  hiddenFormData: Record<string, unknown>;
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
  /** The controls whose values survived the last chart-type switch. */
  controlsTransferred: string[];
  /** Set by a render-trigger control change: redraw without a new query. */
  triggerRender: boolean;
  standalone: boolean;
  /** SQL_MAX_ROW of the bootstrap: the row limit's maximum. */
  sqlMaxRow?: number;
}

export const initialExploreState: ExploreState = {
  form_data: null,
  controls: {},
  datasource: null,
  slice: null,
  sliceName: '',
  isStarred: false,
  saveAction: null,
  force: false,
  hiddenFormData: {},
  can_add: false,
  can_download: false,
  can_overwrite: false,
  controlsTransferred: [],
  triggerRender: false,
  standalone: false,
};

export interface ExploreHydratePayload {
  form_data: QueryFormData;
  datasource: DatasourceMeta | null;
  slice: ExploreSliceInfo | null;
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
  standalone?: boolean;
  force?: boolean;
  sqlMaxRow?: number;
}

/** Shared with the chart slice: setting the dataset again gives a failed chart another try. */
export const datasourceSet = createAction<DatasourceMeta>('explore/datasourceSet');

export const exploreSlice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    exploreHydrated(_state, action: PayloadAction<ExploreHydratePayload>) {
      const { form_data, datasource, slice } = action.payload;
      const computed = computeControls(form_data, datasource, {
        sqlMaxRow: action.payload.sqlMaxRow,
      });
      return {
        ...initialExploreState,
        form_data: computed.formData,
        controls: computed.controls,
        datasource,
        slice,
        sliceName: slice?.slice_name ?? '',
        can_add: action.payload.can_add,
        can_download: action.payload.can_download,
        can_overwrite: action.payload.can_overwrite,
        standalone: action.payload.standalone ?? false,
        force: action.payload.force ?? false,
        sqlMaxRow: action.payload.sqlMaxRow,
      };
    },
    controlValueSet(state, action: PayloadAction<{ name: string; value: unknown }>) {
      if (!state.form_data) return;
      const { name, value } = action.payload;
      const computed = computeControls(
        { ...state.form_data, [name]: value } as QueryFormData,
        state.datasource,
        { sqlMaxRow: state.sqlMaxRow },
      );
      state.triggerRender = isRenderTrigger(computed.controls, name);
      state.form_data = computed.formData;
      (state as ExploreState).controls = computed.controls;
    },
    vizTypeChanged(state, action: PayloadAction<string>) {
      if (!state.form_data || state.form_data.viz_type === action.payload) return;
      const switched = switchVizType(state.form_data, action.payload, state.hiddenFormData);
      const computed = computeControls(switched.formData, state.datasource, {
        sqlMaxRow: state.sqlMaxRow,
      });
      state.form_data = computed.formData;
      (state as ExploreState).controls = computed.controls;
      state.controlsTransferred = switched.controlsTransferred;
      state.hiddenFormData = switched.hiddenFormData;
      state.triggerRender = false;
    },
    triggerRenderCleared(state) {
      state.triggerRender = false;
    },
    sliceNameSet(state, action: PayloadAction<string>) {
      state.sliceName = action.payload;
    },
    starredSet(state, action: PayloadAction<boolean>) {
      state.isStarred = action.payload;
    },
    saveActionSet(state, action: PayloadAction<SaveAction | null>) {
      state.saveAction = action.payload;
    },
    forceSet(state, action: PayloadAction<boolean>) {
      state.force = action.payload;
    },
    /** After a save or a properties edit: the chart as stored, and whether the user owns it. */
    sliceUpdated(
      state,
      action: PayloadAction<{ slice: ExploreSliceInfo; can_overwrite?: boolean }>,
    ) {
      state.slice = action.payload.slice;
      state.sliceName = action.payload.slice.slice_name;
      if (action.payload.can_overwrite !== undefined) {
        state.can_overwrite = action.payload.can_overwrite;
      }
      if (state.form_data) state.form_data.slice_id = action.payload.slice.slice_id;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(datasourceSet, (state, action) => {
      state.datasource = action.payload;
      if (!state.form_data) return;
      const computed = computeControls(state.form_data, action.payload, {
        sqlMaxRow: state.sqlMaxRow,
      });
      state.form_data = computed.formData;
      (state as ExploreState).controls = computed.controls;
    });
  },
});

export const {
  exploreHydrated,
  controlValueSet,
  vizTypeChanged,
  triggerRenderCleared,
  sliceNameSet,
  starredSet,
  saveActionSet,
  forceSet,
  sliceUpdated,
} = exploreSlice.actions;
