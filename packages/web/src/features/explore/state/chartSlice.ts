import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChartDataAnswer } from '@tessera/shared/api/chartData';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { datasourceSet } from './exploreSlice.ts';

/**
 * The chart's runtime state (spec section 3 "Chart runtime state") and its transitions (section 4
 * "Chart status"). Keyed by chart id as Superset keeps it; Explore draws one chart, id 0 until it
 * is saved.
 */

export type ChartStatus = 'loading' | 'success' | 'stopped' | 'rendered' | 'failed' | '';

export type QueriesResponse = ChartDataAnswer['result'];

export interface ChartState {
  id: number;
  chartStatus: ChartStatus;
  chartAlert: string | null;
  chartStackTrace: string | null;
  queriesResponse: QueriesResponse | null;
  latestQueryFormData: QueryFormData | null;
  sliceFormData: QueryFormData | null;
  /** Set when the chart should run (on load, Run, Ctrl+Enter); cleared once it runs. */
  triggerQuery: boolean;
  lastRendered: number;
  chartUpdateStartTime: number;
  chartUpdateEndTime: number | null;
  /** Annotation layer name to its status while a chart-sourced layer is fetched. */
  annotationQuery: Record<string, 'started'>;
  annotationData: Record<string, unknown>;
  annotationError: Record<string, string>;
}

export const UPDATING_CHART_STOPPED = 'Updating chart was stopped';
export const ANNOTATION_TIMEOUT_MESSAGE = 'Query timeout';

export function emptyChart(id: number): ChartState {
  return {
    id,
    chartStatus: '',
    chartAlert: null,
    chartStackTrace: null,
    queriesResponse: null,
    latestQueryFormData: null,
    sliceFormData: null,
    triggerQuery: true,
    lastRendered: 0,
    chartUpdateStartTime: 0,
    chartUpdateEndTime: null,
    annotationQuery: {},
    annotationData: {},
    annotationError: {},
  };
}

export type ChartsState = Record<number, ChartState>;

function chart(state: ChartsState, id: number): ChartState {
  state[id] ??= emptyChart(id);
  return state[id];
}

export const chartSlice = createSlice({
  name: 'charts',
  initialState: {} as ChartsState,
  reducers: {
    chartAdded(state, action: PayloadAction<{ id: number; formData: QueryFormData | null }>) {
      state[action.payload.id] = {
        ...emptyChart(action.payload.id),
        sliceFormData: action.payload.formData,
      };
    },
    /** A saved chart gets its id: the runtime state follows it. */
    chartIdUpdated(state, action: PayloadAction<{ from: number; to: number }>) {
      const { from, to } = action.payload;
      if (from === to || !state[from]) return;
      state[to] = { ...state[from], id: to };
      delete state[from];
    },
    chartUpdateStarted(
      state,
      action: PayloadAction<{ id: number; latestQueryFormData: QueryFormData; now?: number }>,
    ) {
      const c = chart(state, action.payload.id);
      c.chartStatus = 'loading';
      c.chartAlert = null;
      c.chartStackTrace = null;
      c.chartUpdateEndTime = null;
      c.chartUpdateStartTime = action.payload.now ?? Date.now();
      c.latestQueryFormData = action.payload.latestQueryFormData;
      c.triggerQuery = false;
    },
    chartUpdateSucceeded(
      state,
      action: PayloadAction<{ id: number; queriesResponse: QueriesResponse; now?: number }>,
    ) {
      const c = chart(state, action.payload.id);
      c.chartStatus = 'success';
      c.chartAlert = null;
      c.queriesResponse = action.payload.queriesResponse;
      c.chartUpdateEndTime = action.payload.now ?? Date.now();
    },
    chartUpdateStopped(state, action: PayloadAction<{ id: number; now?: number }>) {
      const c = chart(state, action.payload.id);
      c.chartStatus = 'stopped';
      c.chartAlert = UPDATING_CHART_STOPPED;
      c.chartUpdateEndTime = action.payload.now ?? Date.now();
    },
    chartUpdateFailed(
      state,
      action: PayloadAction<{
        id: number;
        message: string;
        stackTrace?: string | null;
        queriesResponse?: QueriesResponse | null;
        now?: number;
      }>,
    ) {
      const c = chart(state, action.payload.id);
      c.chartStatus = 'failed';
      c.chartAlert = action.payload.message;
      c.chartStackTrace = action.payload.stackTrace ?? null;
      c.queriesResponse = action.payload.queriesResponse ?? null;
      c.chartUpdateEndTime = action.payload.now ?? Date.now();
    },
    chartRenderingSucceeded(state, action: PayloadAction<{ id: number; now?: number }>) {
      const c = chart(state, action.payload.id);
      c.chartStatus = 'rendered';
      c.lastRendered = action.payload.now ?? Date.now();
    },
    chartRenderingFailed(
      state,
      action: PayloadAction<{ id: number; message: string; stackTrace?: string | null }>,
    ) {
      const c = chart(state, action.payload.id);
      c.chartStatus = 'failed';
      c.chartAlert = action.payload.message;
      c.chartStackTrace = action.payload.stackTrace ?? null;
    },
    queryTriggered(state, action: PayloadAction<{ id: number; value: boolean }>) {
      chart(state, action.payload.id).triggerQuery = action.payload.value;
    },
    annotationQueryStarted(state, action: PayloadAction<{ id: number; name: string }>) {
      const c = chart(state, action.payload.id);
      c.annotationQuery[action.payload.name] = 'started';
      delete c.annotationError[action.payload.name];
    },
    annotationQuerySucceeded(
      state,
      action: PayloadAction<{ id: number; name: string; data: unknown }>,
    ) {
      const c = chart(state, action.payload.id);
      delete c.annotationQuery[action.payload.name];
      delete c.annotationError[action.payload.name];
      c.annotationData[action.payload.name] = action.payload.data;
    },
    annotationQueryFailed(
      state,
      action: PayloadAction<{ id: number; name: string; message: string }>,
    ) {
      const c = chart(state, action.payload.id);
      delete c.annotationQuery[action.payload.name];
      delete c.annotationData[action.payload.name];
      c.annotationError[action.payload.name] = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    // A chart that threw because its dataset lacked something gets another chance to draw.
    builder.addCase(datasourceSet, (state) => {
      for (const c of Object.values(state)) {
        if (c.chartUpdateEndTime && c.chartStatus === 'failed' && c.chartStackTrace) {
          c.chartStatus = '';
          c.chartStackTrace = null;
          c.chartAlert = null;
        }
      }
    });
  },
});

export const {
  chartAdded,
  chartIdUpdated,
  chartUpdateStarted,
  chartUpdateSucceeded,
  chartUpdateStopped,
  chartUpdateFailed,
  chartRenderingSucceeded,
  chartRenderingFailed,
  queryTriggered,
  annotationQueryStarted,
  annotationQuerySucceeded,
  annotationQueryFailed,
} = chartSlice.actions;

export type AnnotationFailureKind = 'timeout' | 'no-data' | 'aborted' | 'failed';

/**
 * What an annotation layer's failed fetch means (spec section 8 "Chart annotations"): a timeout
 * says `Query timeout`, an error about no data counts as success, an abort is ignored.
 */
export function classifyAnnotationFailure(error: {
  aborted?: boolean;
  timedOut?: boolean;
  message?: string;
}): AnnotationFailureKind {
  if (error.aborted) return 'aborted';
  if (error.timedOut) return 'timeout';
  if ((error.message ?? '').toLowerCase().includes('no data')) return 'no-data';
  return 'failed';
}
