import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueryRecord } from '@tessera/shared/api/sqllab';
import type { SqllabDatabase } from '@tessera/shared/api/sqllabState';
import {
  clearInactiveQueries,
  clearResults,
  failQuery,
  type QueryFailure,
  refreshQueries,
  requestResults,
  restoreResults,
  startQuery,
  stopQuery,
  succeedQuery,
} from './queryTransitions.ts';
import type {
  Query,
  QueryEditor,
  QueryResults,
  SouthPaneTab,
  SqlLabDatasource,
  SqlLabSettings,
  SqlLabState,
  SqlLabTable,
} from './types.ts';

/** Editor fields the server keeps: changing one bumps the editor's version and schedules a sync. */
export const PERSISTED_EDITOR_FIELDS: readonly (keyof QueryEditor)[] = [
  'name',
  'sql',
  'dbId',
  'catalog',
  'schema',
  'queryLimit',
  'autorun',
  'templateParams',
  'remoteId',
  'hideLeftBar',
  'latestQueryId',
];

export function initialSqlLabState(settings: SqlLabSettings): SqlLabState {
  return {
    queryEditors: [],
    unsavedQueryEditor: {},
    tabHistory: [],
    tables: [],
    queries: {},
    databases: {},
    queryCostEstimates: {},
    activeSouthPaneTab: 'Results',
    offline: false,
    datasource: null,
    isDatasourceLoading: false,
    errorMessage: null,
    editorTabLastUpdatedAt: 0,
    lastUpdatedActiveTab: null,
    destroyedQueryEditors: {},
    queriesLastUpdate: 0,
    initialized: false,
    settings,
  };
}

export const DEFAULT_SQLLAB_SETTINGS: SqlLabSettings = {
  backendPersistence: true,
  defaultDbId: null,
  defaultQueryLimit: 10000,
  maxRow: 100000,
  resultTimeout: 0,
};

/** The active editor's id: the last entry of the tab history that still exists. */
export function activeEditorIdOf(state: SqlLabState): string | null {
  for (let i = state.tabHistory.length - 1; i >= 0; i--) {
    const id = state.tabHistory[i];
    if (state.queryEditors.some((qe) => qe.id === id)) return id ?? null;
  }
  return state.queryEditors[0]?.id ?? null;
}

/** Writes the active editor's pending edits into the editor itself. */
function flushUnsaved(state: SqlLabState): void {
  const { id, ...edits } = state.unsavedQueryEditor;
  if (id) {
    const editor = state.queryEditors.find((qe) => qe.id === id);
    if (editor) Object.assign(editor, edits);
  }
  state.unsavedQueryEditor = {};
}

function activate(state: SqlLabState, id: string): void {
  if (state.unsavedQueryEditor.id && state.unsavedQueryEditor.id !== id) flushUnsaved(state);
  state.tabHistory.push(id);
}

function withNow<P>(payload: P) {
  return { payload: { ...payload, now: Date.now() } };
}

export const sqlLabSlice = createSlice({
  name: 'sqlLab',
  initialState: initialSqlLabState(DEFAULT_SQLLAB_SETTINGS),
  reducers: {
    /** The initial state from the server bootstrap or local storage. */
    workspaceLoaded(
      state,
      action: PayloadAction<
        Partial<Omit<SqlLabState, 'settings' | 'initialized' | 'unsavedQueryEditor'>>
      >,
    ) {
      Object.assign(state, action.payload);
      state.unsavedQueryEditor = {};
      state.initialized = true;
    },
    settingsSet(state, action: PayloadAction<SqlLabSettings>) {
      state.settings = action.payload;
    },
    databasesLoaded(state, action: PayloadAction<Record<string, SqllabDatabase>>) {
      state.databases = action.payload;
    },

    // ---- Editors ------------------------------------------------------------------------
    /** Adds a tab and activates it, saving the unsaved editor first. */
    queryEditorAdded(state, action: PayloadAction<QueryEditor>) {
      flushUnsaved(state);
      state.queryEditors.push(action.payload);
      state.tabHistory.push(action.payload.id);
      state.editorTabLastUpdatedAt = action.payload.updatedAt;
    },
    queryEditorPatched: {
      reducer(
        state,
        action: PayloadAction<{ id: string; patch: Partial<QueryEditor>; now: number }>,
      ) {
        const { id, patch, now } = action.payload;
        const editor = state.queryEditors.find((qe) => qe.id === id);
        if (!editor) return;
        const tracked = Object.keys(patch).some((key) =>
          PERSISTED_EDITOR_FIELDS.includes(key as keyof QueryEditor),
        );
        const isActive = activeEditorIdOf(state) === id;
        const current = isActive ? { ...editor, ...state.unsavedQueryEditor } : editor;
        const bump = tracked ? { version: (current.version ?? 0) + 1, updatedAt: now } : {};
        if (isActive) {
          if (state.unsavedQueryEditor.id !== id) {
            flushUnsaved(state);
            state.unsavedQueryEditor = { id };
          }
          Object.assign(state.unsavedQueryEditor, patch, bump);
        } else {
          Object.assign(editor, patch, bump);
        }
        if (tracked) state.editorTabLastUpdatedAt = now;
      },
      prepare: (id: string, patch: Partial<QueryEditor>) => withNow({ id, patch }),
    },
    queryEditorActivated(state, action: PayloadAction<string>) {
      if (!state.queryEditors.some((qe) => qe.id === action.payload)) return;
      activate(state, action.payload);
    },
    /**
     * Closes a tab: its tables and queries go, the active tab falls back to the last remaining
     * one, and the tab is recorded as destroyed (under its server id when it has one).
     */
    queryEditorRemoved: {
      reducer(state, action: PayloadAction<{ id: string; now: number }>) {
        const { id, now } = action.payload;
        const editor = state.queryEditors.find((qe) => qe.id === id);
        if (!editor) return;
        if (state.unsavedQueryEditor.id === id) state.unsavedQueryEditor = {};
        state.queryEditors = state.queryEditors.filter((qe) => qe.id !== id);
        state.tables = state.tables.filter((table) => table.queryEditorId !== id);
        for (const [queryId, query] of Object.entries(state.queries)) {
          if (query.sqlEditorId === id) delete state.queries[queryId];
        }
        delete state.queryCostEstimates[id];
        state.tabHistory = state.tabHistory.filter((entry) => entry !== id);
        const last = state.queryEditors.at(-1);
        if (state.tabHistory.length === 0 && last) state.tabHistory.push(last.id);
        // Local-only tabs are recorded too; the sync clears them without a server call.
        state.destroyedQueryEditors[editor.tabViewId ?? id] = now;
        const activeId = activeEditorIdOf(state);
        if (state.unsavedQueryEditor.id && state.unsavedQueryEditor.id !== activeId) {
          flushUnsaved(state);
        }
      },
      prepare: (id: string) => withNow({ id }),
    },
    destroyedQueryEditorCleared(state, action: PayloadAction<string>) {
      delete state.destroyedQueryEditors[action.payload];
    },
    /**
     * The tab now exists on the server (created or migrated): from here on its id is the server
     * id, as Superset's client does, so tables, runs and history all name it the same way.
     */
    queryEditorMigrated(state, action: PayloadAction<{ id: string; tabViewId: string }>) {
      const { id, tabViewId } = action.payload;
      const editor = state.queryEditors.find((qe) => qe.id === id);
      if (!editor) return;
      editor.id = tabViewId;
      editor.tabViewId = tabViewId;
      editor.inLocalStorage = false;
      if (state.unsavedQueryEditor.id === id) state.unsavedQueryEditor.id = tabViewId;
      state.tabHistory = state.tabHistory.map((entry) => (entry === id ? tabViewId : entry));
      for (const table of state.tables) {
        if (table.queryEditorId === id) table.queryEditorId = tabViewId;
      }
      for (const query of Object.values(state.queries)) {
        if (query.sqlEditorId === id) query.sqlEditorId = tabViewId;
      }
      const estimate = state.queryCostEstimates[id];
      if (estimate) {
        state.queryCostEstimates[tabViewId] = estimate;
        delete state.queryCostEstimates[id];
      }
      if (state.lastUpdatedActiveTab === id) state.lastUpdatedActiveTab = tabViewId;
    },
    /** A server tab's full state arrived (`GET /tabstateview/{id}`). */
    queryEditorLoaded(
      state,
      action: PayloadAction<{ editor: QueryEditor; tables: SqlLabTable[]; queries: Query[] }>,
    ) {
      const { editor, tables, queries } = action.payload;
      const index = state.queryEditors.findIndex((qe) => qe.id === editor.id);
      if (index === -1) return;
      state.queryEditors[index] = editor;
      if (state.unsavedQueryEditor.id === editor.id) state.unsavedQueryEditor = {};
      state.tables = [...state.tables.filter((t) => t.queryEditorId !== editor.id), ...tables];
      for (const query of queries) state.queries[query.id] ??= query;
    },
    /** The server had no such tab (404): it goes locally, nothing is recorded as destroyed. */
    queryEditorDropped(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (state.unsavedQueryEditor.id === id) state.unsavedQueryEditor = {};
      state.queryEditors = state.queryEditors.filter((qe) => qe.id !== id);
      state.tables = state.tables.filter((table) => table.queryEditorId !== id);
      state.tabHistory = state.tabHistory.filter((entry) => entry !== id);
      const last = state.queryEditors.at(-1);
      if (state.tabHistory.length === 0 && last) state.tabHistory.push(last.id);
    },
    activeTabSynced(state, action: PayloadAction<string>) {
      state.lastUpdatedActiveTab = action.payload;
    },

    // ---- Tables -------------------------------------------------------------------------
    tableAdded(state, action: PayloadAction<SqlLabTable>) {
      const table = action.payload;
      const existing = state.tables.find(
        (t) =>
          t.queryEditorId === table.queryEditorId &&
          t.dbId === table.dbId &&
          t.schema === table.schema &&
          t.catalog === table.catalog &&
          t.name === table.name,
      );
      if (existing) Object.assign(existing, { ...table, id: existing.id });
      else state.tables.push(table);
    },
    tableMerged(state, action: PayloadAction<{ id: string; patch: Partial<SqlLabTable> }>) {
      const table = state.tables.find((t) => t.id === action.payload.id);
      if (table) Object.assign(table, action.payload.patch);
    },
    tableRemoved(state, action: PayloadAction<string>) {
      state.tables = state.tables.filter((t) => t.id !== action.payload);
    },

    // ---- Queries (spec section 4) -------------------------------------------------------
    queryStarted(state, action: PayloadAction<Query>) {
      startQuery(state, action.payload);
    },
    queryResultsRequested(state, action: PayloadAction<string>) {
      requestResults(state, action.payload);
    },
    querySucceeded(state, action: PayloadAction<{ id: string; results: QueryResults }>) {
      succeedQuery(state, action.payload.id, action.payload.results);
    },
    queryFailed(state, action: PayloadAction<{ id: string } & QueryFailure>) {
      failQuery(state, action.payload.id, action.payload);
    },
    queryStopped(state, action: PayloadAction<string>) {
      stopQuery(state, action.payload);
    },
    queriesRefreshed(state, action: PayloadAction<QueryRecord[]>) {
      refreshQueries(state, action.payload);
    },
    inactiveQueriesCleared: {
      reducer(state, action: PayloadAction<{ intervalMs: number; now: number }>) {
        clearInactiveQueries(state, action.payload.intervalMs, action.payload.now);
      },
      prepare: (intervalMs: number) => withNow({ intervalMs }),
    },
    queryResultsCleared(state, action: PayloadAction<string>) {
      clearResults(state, action.payload);
    },
    queryResultsRestored(state, action: PayloadAction<string>) {
      restoreResults(state, action.payload);
    },
    queryRemoved(state, action: PayloadAction<string>) {
      delete state.queries[action.payload];
    },
    queriesMerged(state, action: PayloadAction<Query[]>) {
      for (const query of action.payload) state.queries[query.id] ??= query;
    },
    offlineSet(state, action: PayloadAction<boolean>) {
      state.offline = action.payload;
    },

    // ---- Cost estimates (started, returned, failed) --------------------------------------
    costEstimateStarted(state, action: PayloadAction<string>) {
      state.queryCostEstimates[action.payload] = { completed: false, cost: null, error: null };
    },
    costEstimateReturned(
      state,
      action: PayloadAction<{ editorId: string; cost: Record<string, string | number | null>[] }>,
    ) {
      state.queryCostEstimates[action.payload.editorId] = {
        completed: true,
        cost: action.payload.cost,
        error: null,
      };
    },
    costEstimateFailed(state, action: PayloadAction<{ editorId: string; error: string }>) {
      state.queryCostEstimates[action.payload.editorId] = {
        completed: false,
        cost: null,
        error: action.payload.error,
      };
    },

    // ---- Panes, datasource --------------------------------------------------------------
    activeSouthPaneTabSet(state, action: PayloadAction<SouthPaneTab>) {
      state.activeSouthPaneTab = action.payload;
    },
    datasourceLoading(state) {
      state.isDatasourceLoading = true;
    },
    datasourceLoaded(state, action: PayloadAction<SqlLabDatasource | null>) {
      state.datasource = action.payload;
      state.isDatasourceLoading = false;
    },
    errorMessageSet(state, action: PayloadAction<string | null>) {
      state.errorMessage = action.payload;
    },
  },
});

export const {
  workspaceLoaded,
  settingsSet,
  databasesLoaded,
  queryEditorAdded,
  queryEditorPatched,
  queryEditorActivated,
  queryEditorRemoved,
  destroyedQueryEditorCleared,
  queryEditorMigrated,
  queryEditorLoaded,
  queryEditorDropped,
  activeTabSynced,
  tableAdded,
  tableMerged,
  tableRemoved,
  queryStarted,
  queryResultsRequested,
  querySucceeded,
  queryFailed,
  queryStopped,
  queriesRefreshed,
  inactiveQueriesCleared,
  queryResultsCleared,
  queryResultsRestored,
  queryRemoved,
  queriesMerged,
  offlineSet,
  costEstimateStarted,
  costEstimateReturned,
  costEstimateFailed,
  activeSouthPaneTabSet,
  datasourceLoading,
  datasourceLoaded,
  errorMessageSet,
} = sqlLabSlice.actions;

// Named setters for the editor's fields, so components read as the domain does.
export const queryEditorSetSql = (id: string, sql: string) => queryEditorPatched(id, { sql });
export const queryEditorSetSelectedText = (id: string, selectedText: string | null) =>
  queryEditorPatched(id, { selectedText });
export const queryEditorSetDb = (id: string, dbId: number | null) =>
  queryEditorPatched(id, { dbId, catalog: null, schema: null, functionNames: [] });
export const queryEditorSetCatalog = (id: string, catalog: string | null) =>
  queryEditorPatched(id, { catalog, schema: null });
export const queryEditorSetSchema = (id: string, schema: string | null) =>
  queryEditorPatched(id, { schema });
export const queryEditorSetQueryLimit = (id: string, queryLimit: number) =>
  queryEditorPatched(id, { queryLimit });
export const queryEditorSetTemplateParams = (id: string, templateParams: string) =>
  queryEditorPatched(id, { templateParams });
export const queryEditorSetName = (id: string, name: string) => queryEditorPatched(id, { name });
export const queryEditorSetAutorun = (id: string, autorun: boolean) =>
  queryEditorPatched(id, { autorun });
export const queryEditorSetHideLeftBar = (id: string, hideLeftBar: boolean) =>
  queryEditorPatched(id, { hideLeftBar });
export const queryEditorSetCursorPosition = (id: string, row: number, column: number) =>
  queryEditorPatched(id, { cursorPosition: { row, column } });
export const queryEditorSetSplit = (id: string, northPercent: number) =>
  queryEditorPatched(id, { northPercent, southPercent: 100 - northPercent });
export const queryEditorSetFunctionNames = (id: string, functionNames: string[]) =>
  queryEditorPatched(id, { functionNames });
export const queryEditorSetRemoteId = (id: string, remoteId: number | null) =>
  queryEditorPatched(id, { remoteId });
