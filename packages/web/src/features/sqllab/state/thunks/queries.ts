import { queryRoutes } from '@tessera/shared/api/routes/queries';
import { sqllabRoutes, sqllabStateRoutes } from '@tessera/shared/api/routes/sqllab';
import type {
  ExecuteBody,
  QueryResultsPayload,
  UpdatedSinceAnswer,
} from '@tessera/shared/api/sqllab';
import { newClientId } from '@tessera/shared/api/sqllab';
import { type ClientErrorObject, UNKNOWN_ERROR } from '@tessera/shared/clientErrors';
import type { z } from 'zod';
import { ClientError, isAbortError, toClientErrorObject } from '../../../../app/api.ts';
import { LOG_EVENTS } from '../../../../app/eventLogger.ts';
import { logFailedQuery, logSqlLabEvent } from '../eventLog.ts';
import { selectEditorById } from '../selectors.ts';
import {
  activeSouthPaneTabSet,
  offlineSet,
  queriesRefreshed,
  queryFailed,
  queryRemoved,
  queryResultsCleared,
  queryResultsRequested,
  queryStarted,
  queryStopped,
  querySucceeded,
  tableMerged,
} from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import type { Query, QueryResults, SqlLabTable } from '../types.ts';

type UpdatedSince = z.infer<typeof UpdatedSinceAnswer>;

/** Calls of query runs (spec section 7) and the state changes of section 4 around them. */

export const QUERY_WAS_STOPPED = 'Query was stopped.';
export const FAILED_TO_STOP_QUERY = 'Failed to stop query.';
export const FAILED_AT_RETRIEVING_RESULTS = 'Failed at retrieving results';
export const ERROR_REMOVING_QUERY = 'An error occurred while removing query';

/** Polls overlap by this much so a change stamped in the same instant as the last poll is seen. */
export const POLL_OVERLAP_MS = 5000;

/** Frozen results (see QueryResults.data): immer then leaves the rows alone. */
export function toQueryResults(payload: QueryResultsPayload): QueryResults {
  Object.freeze(payload.data);
  return Object.freeze({
    columns: payload.columns,
    selected_columns: payload.selected_columns,
    expanded_columns: payload.expanded_columns,
    data: payload.data,
    displayLimitReached: payload.displayLimitReached ?? false,
    status: payload.status,
    query: payload.query,
  });
}

function failureOf(error: unknown) {
  const info = toClientErrorObject(error);
  return {
    message: info.error || info.statusText || UNKNOWN_ERROR,
    link: info.link ?? null,
    errors: info.errors ?? null,
  };
}

/** A run the server says failed: its message and the errors it keeps in `extra.errors`. */
function polledFailure(record: UpdatedSince['result'][number]): ClientErrorObject {
  const errors = (record.extra as { errors?: ClientErrorObject['errors'] } | null)?.errors;
  return {
    error: record.errorMessage || UNKNOWN_ERROR,
    ...(Array.isArray(errors) ? { errors } : {}),
  };
}

/** The fields of a new run; callers fill what they know. */
export function makeQuery(fields: Partial<Query> & Pick<Query, 'dbId' | 'sql'>): Query {
  return {
    id: newClientId(),
    sqlEditorId: null,
    tab: null,
    catalog: null,
    schema: null,
    tempTable: null,
    tempSchema: null,
    ctas: false,
    ctas_method: 'TABLE',
    runAsync: false,
    templateParams: null,
    queryLimit: null,
    progress: 0,
    startDttm: Date.now(),
    endDttm: null,
    state: 'started',
    cached: false,
    resultsKey: null,
    isDataPreview: false,
    results: null,
    rows: null,
    limitingFactor: null,
    errors: null,
    errorMessage: null,
    link: null,
    changed_on: null,
    extra: {},
    ...fields,
  };
}

/**
 * Runs a query: synchronous runs answer their rows, asynchronous ones (the database's
 * `allow_run_async`) answer 202 and are followed by polling. The page's query string goes along.
 */
export function runQuery(query: Query): SqlLabThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    dispatch(queryStarted(query));
    const body: ExecuteBody = {
      client_id: query.id,
      database_id: query.dbId,
      json: true,
      runAsync: query.runAsync,
      catalog: query.catalog,
      schema: query.schema,
      sql: query.sql,
      sql_editor_id: query.sqlEditorId,
      tab: query.tab,
      tmp_table_name: query.tempTable,
      select_as_cta: query.ctas,
      ctas_method: query.ctas_method,
      templateParams: query.templateParams?.trim() ? query.templateParams : null,
      queryLimit: query.queryLimit,
      expand_data: true,
    };
    try {
      const search = typeof window === 'undefined' ? '' : window.location.search;
      const answer = await api.call(sqllabRoutes.execute, {
        query: Object.fromEntries(new URLSearchParams(search)),
        body,
      });
      if ('data' in answer) {
        dispatch(querySucceeded({ id: query.id, results: toQueryResults(answer) }));
      } else if (answer?.query) {
        dispatch(queriesRefreshed([answer.query]));
      }
    } catch (error) {
      // Failed runs are logged with error type, issue codes and details (spec section 8).
      logFailedQuery(query, toClientErrorObject(error));
      dispatch(queryFailed({ id: query.id, ...failureOf(error) }));
    }
  };
}

/** Loads stored results (`GET /api/v1/sqllab/results/`); the run is `fetching` meanwhile. */
export function fetchQueryResults(query: Query, displayLimit?: number): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    if (!query.resultsKey) return;
    dispatch(queryResultsRequested(query.id));
    const timeout = getState().sqlLab.settings.resultTimeout;
    try {
      const answer = await api.call(sqllabRoutes.results, {
        q: { key: query.resultsKey, ...(displayLimit ? { rows: displayLimit } : {}) },
        ...(timeout > 0 ? { timeoutSeconds: timeout } : {}),
      });
      dispatch(querySucceeded({ id: query.id, results: toQueryResults(answer) }));
    } catch (error) {
      const info = toClientErrorObject(error);
      logFailedQuery(query, info);
      dispatch(
        queryFailed({
          id: query.id,
          message: info.error || info.statusText || FAILED_AT_RETRIEVING_RESULTS,
          link: info.link ?? null,
          errors: info.errors ?? null,
        }),
      );
    }
  };
}

/** Results can be fetched again (e.g. after a reload, from the stored key). */
export const reFetchQueryResults = fetchQueryResults;

export function clearQueryResults(queryId: string) {
  return queryResultsCleared(queryId);
}

export function stopQuery(query: Query): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    logSqlLabEvent(getState(), LOG_EVENTS.sqllabStopQuery, { client_id: query.id });
    try {
      await api.call(queryRoutes.stop, { body: { client_id: query.id } });
      dispatch(queryStopped(query.id));
      toast('success', QUERY_WAS_STOPPED);
    } catch {
      toast('danger', FAILED_TO_STOP_QUERY);
    }
  };
}

/** Removes a run from its tab (and from the tab's server state when it is there). */
export function removeQuery(query: Query): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const { settings } = getState().sqlLab;
    const editor = query.sqlEditorId ? selectEditorById(getState(), query.sqlEditorId) : null;
    if (settings.backendPersistence && editor?.tabViewId) {
      try {
        await api.call(sqllabStateRoutes.deleteTabQuery, {
          params: { pk: Number(editor.tabViewId), client_id: query.id },
        });
      } catch {
        toast('danger', ERROR_REMOVING_QUERY);
        return;
      }
    }
    dispatch(queryRemoved(query.id));
  };
}

/**
 * The data preview of a table (its SELECT *), skipped when the database disables data preview.
 * The run is remembered on the table as `dataPreviewQueryId`.
 */
export function runTablePreview(table: SqlLabTable): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const database = getState().sqlLab.databases[String(table.dbId)];
    if (!database || database.disable_data_preview || !table.selectStar) return;
    const query = makeQuery({
      dbId: table.dbId,
      sql: table.selectStar,
      catalog: table.catalog,
      schema: table.schema,
      tab: `preview ${table.name}`,
      sqlEditorId: null,
      runAsync: database.allow_run_async,
      isDataPreview: true,
      queryLimit: 100,
    });
    dispatch(tableMerged({ id: table.id, patch: { dataPreviewQueryId: query.id } }));
    await dispatch(runQuery(query));
  };
}

/**
 * Previews whose runs are gone (a reload keeps the tables but not the preview runs, which belong
 * to no tab on the server) run again, leaving the south pane on the tab the user had in front.
 */
export function restoreTablePreviews(tables: readonly SqlLabTable[]): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const inFront = getState().sqlLab.activeSouthPaneTab;
    const runs = tables.map((table) => dispatch(runTablePreview(table)));
    // Each run came forward as it started; the tab in front stays in front.
    dispatch(activeSouthPaneTabSet(inFront));
    await Promise.all(runs);
  };
}

/**
 * One poll of `GET /api/v1/query/updated_since`: refreshes the workspace's runs, fetches the
 * results of runs that just succeeded, and marks the workspace offline while polls fail.
 */
export function pollQueries(signal?: AbortSignal): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const before = getState().sqlLab.queries;
    const since = Math.max(0, getState().sqlLab.queriesLastUpdate - POLL_OVERLAP_MS);
    let answer: UpdatedSince;
    try {
      answer = await api.call(queryRoutes.updatedSince, { q: { last_updated_ms: since }, signal });
    } catch (error) {
      if (isAbortError(error)) return;
      if (error instanceof ClientError || error instanceof Error) dispatch(offlineSet(true));
      return;
    }
    if (getState().sqlLab.offline) dispatch(offlineSet(false));
    const records = answer.result ?? [];
    if (records.length === 0) return;
    dispatch(queriesRefreshed(records));
    const after = getState().sqlLab.queries;
    for (const record of records) {
      const previous = before[record.id];
      const current = after[record.id];
      // An asynchronous run that failed on the server is a failed run too, logged once.
      if (previous && current && record.state === 'failed' && previous.state !== 'failed') {
        logFailedQuery(current, polledFailure(record));
      }
      // A local `running` is kept over a server success (spec section 4), so the server's
      // success with a results key is what starts the fetch of an asynchronous run's rows.
      const ready =
        previous?.runAsync &&
        current &&
        record.state === 'success' &&
        record.resultsKey &&
        !current.results &&
        current.state !== 'fetching' &&
        current.state !== 'stopped';
      if (ready) void dispatch(fetchQueryResults({ ...current, resultsKey: record.resultsKey }));
    }
  };
}
