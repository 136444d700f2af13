import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardChart, DashboardItem } from '@tessera/shared/api/dashboards';
import type { JsonMetadata } from '@tessera/shared/dashboard/metadata';
import type { DatasourceMeta } from '@tessera/shared/viz/types';

/**
 * The spec's "Dashboard info" (id, metadata, last_modified_time, ...) plus what the page loaded
 * with it: the dashboard's charts (`/charts`) and their datasets (`/datasets`), keyed as
 * Superset keys them (chart id; datasource key `{id}__{type}`).
 */

export interface DashboardInfo {
  id: number;
  slug: string | null;
  dashboard_title: string;
  url: string;
  owners: DashboardItem['owners'];
  roles: DashboardItem['roles'];
  certified_by: string | null;
  certification_details: string | null;
  changed_on: string;
  changed_by_name: string;
  metadata: JsonMetadata;
  last_modified_time: number;
  filterBarOrientation: 'VERTICAL' | 'HORIZONTAL';
  crossFiltersEnabled: boolean;
}

export interface DashboardInfoState {
  info: DashboardInfo | null;
  slices: Record<number, DashboardChart>;
  datasources: Record<string, DatasourceMeta>;
}

const initialState: DashboardInfoState = { info: null, slices: {}, datasources: {} };

export const dashboardInfoSlice = createSlice({
  name: 'dashboardInfo',
  initialState,
  reducers: {
    dashboardInfoLoaded(_state, action: PayloadAction<DashboardInfoState>) {
      return action.payload;
    },
    /** The datasets arrive after the dashboard (charts start querying without them). */
    datasourcesLoaded(state, action: PayloadAction<Record<string, DatasourceMeta>>) {
      state.datasources = { ...state.datasources, ...action.payload };
    },
    dashboardInfoChanged(state, action: PayloadAction<Partial<DashboardInfo>>) {
      if (state.info) Object.assign(state.info, action.payload);
    },
    metadataChanged(state, action: PayloadAction<Partial<JsonMetadata>>) {
      if (state.info) state.info.metadata = { ...state.info.metadata, ...action.payload };
    },
    sliceChanged(state, action: PayloadAction<{ id: number } & Partial<DashboardChart>>) {
      const slice = state.slices[action.payload.id];
      if (slice) Object.assign(slice, action.payload);
    },
  },
});

export const {
  dashboardInfoLoaded,
  datasourcesLoaded,
  dashboardInfoChanged,
  metadataChanged,
  sliceChanged,
} = dashboardInfoSlice.actions;
