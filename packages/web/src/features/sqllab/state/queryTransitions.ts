import { isDraft, original } from '@reduxjs/toolkit';
import type { QueryRecord, QueryState } from '@tessera/shared/api/sqllab';
import type { Query, QueryError, QueryResults, SqlLabState } from './types.ts';

/**
 * The query-run transitions of spec section 4, as functions on an immer draft of the workspace.
 * The slice (sqlLabSlice.ts) wires them to actions; tests exercise them through the slice.
 */

/** States a server refresh never turns into `success` (the client got there first). */
const KEEPS_LOCAL_STATE_OVER_SERVER_SUCCESS: readonly QueryState[] = [
  'fetching',
  'success',
  'running',
];

function setEditorField(state: SqlLabState, editorId: string, latestQueryId: string): void {
  // The active editor's pending edits live in unsavedQueryEditor; a value there would shadow
  // the editor's own, so the new id goes wherever the selectors look first.
  if (state.unsavedQueryEditor.id === editorId) {
    state.unsavedQueryEditor.latestQueryId = latestQueryId;
  }
  const editor = state.queryEditors.find((qe) => qe.id === editorId);
  if (editor) editor.latestQueryId = latestQueryId;
}

function plain<T>(value: T): T {
  return isDraft(value) ? (original(value as never) as T) : value;
}

/** The id the selectors see as an editor's latest query. */
export function latestQueryIdOf(state: SqlLabState, editorId: string): string | null {
  if (state.unsavedQueryEditor.id === editorId && state.unsavedQueryEditor.latestQueryId) {
    return state.unsavedQueryEditor.latestQueryId;
  }
  return state.queryEditors.find((qe) => qe.id === editorId)?.latestQueryId ?? null;
}

/** Start: progress 0, pending (async) or running (sync); the tab's previous rows go first. */
export function startQuery(state: SqlLabState, query: Query): void {
  if (query.sqlEditorId && !query.isDataPreview) {
    const previousId = latestQueryIdOf(state, query.sqlEditorId);
    const previous = previousId ? state.queries[previousId] : undefined;
    if (previous?.results) {
      // The plain object, not its draft: a draft kept inside a frozen object is never finalized.
      const results = plain(previous.results);
      previous.results = Object.freeze({ ...results, data: [] }) as QueryResults;
    }
    setEditorField(state, query.sqlEditorId, query.id);
  }
  state.queries[query.id] = {
    ...query,
    progress: 0,
    state: query.runAsync ? 'pending' : 'running',
    results: null,
    errorMessage: null,
    errors: null,
    endDttm: null,
  };
  // What was just run comes forward: an editor's run in Results, a table's data preview in its tab.
  state.activeSouthPaneTab = query.isDataPreview ? query.id : 'Results';
}

export function requestResults(state: SqlLabState, queryId: string): void {
  const query = state.queries[queryId];
  if (query) query.state = 'fetching';
}

export function succeedQuery(state: SqlLabState, queryId: string, results: QueryResults): void {
  const query = state.queries[queryId];
  if (!query || query.state === 'stopped' || results.status !== 'success') return;
  const record = results.query;
  query.state = 'success';
  query.endDttm = record?.endDttm ?? Date.now();
  query.progress = 100;
  query.cached = false;
  // Frozen so immer neither copies nor deep-freezes what may be many thousand rows.
  query.results = Object.isFrozen(results) ? results : Object.freeze({ ...results });
  query.rows = record?.rows ?? results.data.length;
  query.limitingFactor = record?.limitingFactor ?? query.limitingFactor;
  query.tempSchema = record?.tempSchema ?? query.tempSchema;
  query.tempTable = record?.tempTable ?? query.tempTable;
  query.resultsKey = record?.resultsKey ?? query.resultsKey;
  query.errorMessage = null;
  if (record?.queryId !== undefined) query.serverId = record.queryId;
  if (record?.executedSql !== undefined) query.executedSql = record.executedSql;
}

export interface QueryFailure {
  message: string;
  link?: string | null;
  errors?: QueryError[] | null;
}

export function failQuery(state: SqlLabState, queryId: string, failure: QueryFailure): void {
  const query = state.queries[queryId];
  if (!query || query.state === 'stopped') return;
  query.state = 'failed';
  query.errorMessage = failure.message;
  query.errors = failure.errors ?? null;
  query.link = failure.link ?? null;
  query.endDttm = Date.now();
  query.progress = 100;
}

export function stopQuery(state: SqlLabState, queryId: string): void {
  const query = state.queries[queryId];
  if (!query) return;
  query.state = 'stopped';
  query.results = null;
}

function toEpoch(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value === '') return null;
  // Server times without a zone are UTC (Superset's convention).
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** Client fields from a server record (`updated_since`, bootstrap, tab state). */
export function queryFromRecord(record: QueryRecord, existing?: Query): Query {
  return {
    ...(existing ?? {
      ctas_method: 'TABLE',
      runAsync: true,
      templateParams: null,
      queryLimit: record.limit,
      cached: false,
      isDataPreview: false,
      results: null,
      errors: null,
      link: null,
    }),
    id: record.id,
    serverId: record.queryId,
    dbId: record.dbId,
    db: record.db,
    sql: record.sql,
    executedSql: record.executedSql,
    // A run sent before its tab reached the server keeps the tab's current id locally.
    sqlEditorId: existing?.sqlEditorId ?? record.sqlEditorId,
    tab: record.tab,
    catalog: record.catalog,
    schema: record.schema,
    tempTable: record.tempTable,
    tempSchema: record.tempSchema,
    ctas: record.ctas,
    progress: record.progress,
    startDttm: Number(record.startDttm ?? existing?.startDttm ?? Date.now()),
    endDttm: record.endDttm === null ? (existing?.endDttm ?? null) : Number(record.endDttm),
    state: record.state as QueryState,
    resultsKey: record.resultsKey,
    rows: record.rows,
    limitingFactor: record.limitingFactor,
    errorMessage: record.errorMessage,
    changed_on: toEpoch(record.changed_on),
    extra: record.extra,
    trackingUrl: record.trackingUrl,
  };
}

/**
 * A poll's answer: skips queries stopped or failed locally, never lets a server `success`
 * override a local fetching/success/running state, and tracks the latest change time.
 */
export function refreshQueries(state: SqlLabState, records: QueryRecord[]): void {
  for (const record of records) {
    const local = state.queries[record.id];
    if (local && (local.state === 'stopped' || local.state === 'failed')) continue;
    const changedOn = toEpoch(record.changed_on) ?? 0;
    if (changedOn > state.queriesLastUpdate) state.queriesLastUpdate = changedOn;
    const next = queryFromRecord(record, local ? plain(local) : undefined);
    if (
      local &&
      record.state === 'success' &&
      KEEPS_LOCAL_STATE_OVER_SERVER_SUCCESS.includes(local.state)
    ) {
      next.state = local.state;
    }
    state.queries[record.id] = next;
  }
}

/**
 * Drops runs that never started (running or pending, older than `intervalMs`, progress 0);
 * the others take their results' status when they have a results key.
 */
export function clearInactiveQueries(state: SqlLabState, intervalMs: number, now: number): void {
  for (const [id, query] of Object.entries(state.queries)) {
    const stale =
      (query.state === 'running' || query.state === 'pending') &&
      now - query.startDttm > intervalMs &&
      query.progress === 0;
    if (stale) {
      delete state.queries[id];
      continue;
    }
    if (query.resultsKey && query.results?.status) {
      query.state = query.results.status as QueryState;
    }
  }
}

/** As Superset: the rows go and the run is marked `cached`, so nothing loads them back unasked. */
export function clearResults(state: SqlLabState, queryId: string): void {
  const query = state.queries[queryId];
  if (!query) return;
  query.results = null;
  query.cached = true;
}

/** "Refetch results" after a clear: the stored rows may load again. */
export function restoreResults(state: SqlLabState, queryId: string): void {
  const query = state.queries[queryId];
  if (query) query.cached = false;
}
