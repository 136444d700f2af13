import type {
  LimitingFactor,
  QueryRecord,
  QueryState,
  ResultColumnSchema,
} from '@tessera/shared/api/sqllab';
import type { SqllabDatabase } from '@tessera/shared/api/sqllabState';

/**
 * The SQL Lab workspace state (spec/sql-editor.md section 3, "Editor workspace state"), kept in
 * the feature's own Redux store (`state/store.ts`): read it with `useSqlLabSelector`, change it
 * with `useSqlLabDispatch` (`state/hooks.ts`).
 *
 * Where things live, for components of this feature:
 * - selectors: `state/selectors.ts` (selectActiveEditor, selectActiveDatabase,
 *   selectActiveEditorTables, selectLatestQuery, selectEditorQueries, ...);
 * - plain actions: `state/sqlLabSlice.ts` (queryEditorSetSql, queryEditorSetDb,
 *   queryEditorSetCatalog, queryEditorSetSchema, activeSouthPaneTabSet, queryRemoved, ...);
 * - thunks (calls + state): `state/thunks/queries.ts` (runQuery, stopQuery, fetchQueryResults,
 *   clearQueryResults, reFetchQueryResults, removeQuery, runTablePreview),
 *   `state/thunks/tables.ts` (addTable, removeTable, expandTable, collapseTable),
 *   `state/thunks/tabs.ts` (addQueryEditor, cloneQueryToNewTab, switchQueryEditor, ...).
 */

/** Where a query editor's caret is (0-based line, 0-based column). */
export interface CursorPosition {
  row: number;
  column: number;
}

/** Query editor tab (client side): every field of the spec, plus the server id. */
export interface QueryEditor {
  /** Client id; a tab loaded from the server uses its server id as text. */
  id: string;
  /** Server id (as text) once the tab exists in `/tabstateview/`; null while local only. */
  tabViewId: string | null;
  name: string;
  sql: string;
  selectedText: string | null;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  queryLimit: number;
  /** SQL_MAX_ROW at creation: the limit dropdown's cap. */
  maxRow: number;
  autorun: boolean;
  /** JSON text; empty means `{}`. */
  templateParams: string;
  /** Id of the saved query this tab was opened from or saved as. */
  remoteId: number | null;
  latestQueryId: string | null;
  /** False for a server tab whose full state (sql, tables, ...) has not been fetched yet. */
  loaded: boolean;
  /** True while the tab exists only in the browser (not yet migrated to the server). */
  inLocalStorage: boolean;
  hideLeftBar: boolean;
  cursorPosition: CursorPosition;
  /** The database's function names, for completion (`GET /api/v1/database/{id}/function_names/`). */
  functionNames: string[];
  /** Bumped on every change; with `updatedAt` it reconciles local and server copies. */
  version: number;
  /** Epoch ms of the last change. */
  updatedAt: number;
  /** Height split of editor (north) and results (south), in percent; they add up to 100. */
  northPercent: number;
  southPercent: number;
}

/** A table schema shown in a tab's left bar (spec section 3, "Table schema in a tab"). */
export interface SqlLabTableColumn {
  name: string;
  type: string | null;
  longType?: string | null;
  keys?: unknown[];
  comment?: string | null;
}

export interface SqlLabTable {
  /** Client id; the server's `/tableschemaview/` id as text once synced. */
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog: string | null;
  schema: string | null;
  name: string;
  expanded: boolean;
  /** True once the server knows it (POST /tableschemaview/ answered). */
  initialized: boolean;
  /** Loaded metadata (table_metadata): absent while loading. */
  columns?: SqlLabTableColumn[];
  selectStar?: string;
  primaryKey?: unknown;
  foreignKeys?: unknown[];
  indexes?: unknown[];
  comment?: string | null;
  /** What `table_metadata/extra/` says beyond the metadata (e.g. PostgreSQL's `partitions`). */
  extra?: Record<string, unknown>;
  /** Client id of the data-preview query, when one ran. */
  dataPreviewQueryId?: string | null;
  isMetadataLoading?: boolean;
  /** The message of a failed metadata load. */
  metadataError?: string | null;
  inLocalStorage?: boolean;
}

/** Result rows as the JSON path delivers them: one object per row, keyed by column name. */
export type ResultRow = Record<string, unknown>;

/** The results of a query run (what `GET /api/v1/sqllab/results/` or a sync execute answers). */
export interface QueryResults {
  columns: ResultColumnSchema[];
  selected_columns: ResultColumnSchema[];
  expanded_columns: ResultColumnSchema[];
  /** Frozen at the top level so Redux never walks (or deep-freezes) large row arrays. */
  data: ResultRow[];
  displayLimitReached?: boolean;
  /** `success` for a finished run (the answer's `status`). */
  status?: string;
  /** Server-side record of the run, when the answer carried it. */
  query?: QueryRecord;
}

/** A structured error as SQL Lab's execute answers it. */
export interface QueryError {
  message: string;
  error_type?: string;
  level?: string;
  extra?: Record<string, unknown> | null;
}

/** Query run (spec section 3): the client's record of one execution. */
export interface Query {
  /** Client-generated id of 11 characters. */
  id: string;
  /** Server id (`queryId`), once known. */
  serverId?: number | null;
  dbId: number;
  sql: string;
  executedSql?: string | null;
  /** The editor (tab) that ran it; `null` for data previews run outside a tab. */
  sqlEditorId: string | null;
  tab: string | null;
  catalog: string | null;
  schema: string | null;
  tempTable: string | null;
  tempSchema: string | null;
  ctas: boolean;
  ctas_method: 'TABLE' | 'VIEW';
  runAsync: boolean;
  templateParams: string | null;
  queryLimit: number | null;
  progress: number;
  startDttm: number;
  endDttm: number | null;
  state: QueryState;
  cached: boolean;
  resultsKey: string | null;
  isDataPreview: boolean;
  results: QueryResults | null;
  rows: number | null;
  limitingFactor: LimitingFactor | string | null;
  errors: QueryError[] | null;
  errorMessage: string | null;
  link: string | null;
  /** Epoch ms of the latest change the server reported. */
  changed_on: number | null;
  extra: Record<string, unknown>;
  trackingUrl?: string | null;
  /** Database name, as the server reports it. */
  db?: string | null;
  /** True when the run was sent while a local tab was not yet on the server. */
  inLocalStorage?: boolean;
}

/** Cost estimate states (spec section 4): started, returned (cost), failed (error). */
export interface QueryCostEstimate {
  completed: boolean;
  cost: Record<string, string | number | null>[] | null;
  error: string | null;
}

/** The datasource the editor was opened from (`?datasourceKey=`), while it loads. */
export interface SqlLabDatasource {
  id: number;
  name: string;
  schema: string | null;
  dbId: number;
  selectStar: string | null;
}

/** Settings from the bootstrap payload the workspace needs (conf and feature flags). */
export interface SqlLabSettings {
  backendPersistence: boolean;
  /** SQLLAB_DEFAULT_DBID. */
  defaultDbId: number | null;
  /** DEFAULT_SQLLAB_LIMIT. */
  defaultQueryLimit: number;
  /** SQL_MAX_ROW (else 100000). */
  maxRow: number;
  /** SQLLAB_QUERY_RESULT_TIMEOUT in seconds (0: the client's default). */
  resultTimeout: number;
}

/** Which pane of the south side is open: results, history, or a data preview (its query id). */
export type SouthPaneTab = 'Results' | 'History' | (string & {});

export interface SqlLabState {
  queryEditors: QueryEditor[];
  /**
   * Pending edits of the active editor (typing changes only this, so the tab list does not
   * re-render on each key); merged into its editor by selectors and flushed on tab changes.
   */
  unsavedQueryEditor: Partial<QueryEditor> & { id?: string };
  /** Ids of editors in the order they were activated; the last one is the active tab. */
  tabHistory: string[];
  tables: SqlLabTable[];
  queries: Record<string, Query>;
  databases: Record<string, SqllabDatabase>;
  queryCostEstimates: Record<string, QueryCostEstimate>;
  activeSouthPaneTab: SouthPaneTab;
  /** True while polling the server for query progress fails. */
  offline: boolean;
  datasource: SqlLabDatasource | null;
  isDatasourceLoading: boolean;
  errorMessage: string | null;
  /** Epoch ms of the last change of any editor (drives the 5000 ms tab sync). */
  editorTabLastUpdatedAt: number;
  /** Id of the tab last activated on the server. */
  lastUpdatedActiveTab: string | null;
  /** Editors closed locally, id -> epoch ms, until their server copy is deleted. */
  destroyedQueryEditors: Record<string, number>;
  /** Epoch ms of the latest change reported by `updated_since` polling. */
  queriesLastUpdate: number;
  /** True once the initial state (server bootstrap or local storage) is in. */
  initialized: boolean;
  settings: SqlLabSettings;
}
