import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { savedQueryRoutes } from '@tessera/shared/api/routes/savedQueries';
import { sqllabRoutes, sqllabStateRoutes } from '@tessera/shared/api/routes/sqllab';
import { clientToSavedQueryBody } from '@tessera/shared/api/savedQueries';
import { FALLBACK_ERROR } from '@tessera/shared/clientErrors';
import { ClientError, errorMessage } from '../../../../app/api.ts';
import { LOG_EVENTS } from '../../../../app/eventLogger.ts';
import { logSqlLabEvent } from '../eventLog.ts';
import { selectEditorById } from '../selectors.ts';
import {
  costEstimateFailed,
  costEstimateReturned,
  costEstimateStarted,
  queryEditorPatched,
  queryEditorSetFunctionNames,
} from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import type { Query } from '../types.ts';
import { makeQuery, runQuery } from './queries.ts';

/** The editor toolbar's calls: run, estimate, format, save/update, permalink, completion data. */

export const QUERY_SAVED = 'Your query was saved';
export const QUERY_NOT_SAVED = 'Your query could not be saved';
export const QUERY_NOT_PROPERLY_SAVED = 'Your query was not properly saved';
export const QUERY_UPDATED = 'Your query was updated';
export const QUERY_NOT_UPDATED = 'Your query could not be updated';
export const INVALID_TEMPLATE_PARAMS = 'Template parameters must be a JSON object';
export const SORRY_AN_ERROR_OCCURRED = 'Sorry, an error occurred';
export const SORRY_AN_UNKNOWN_ERROR_OCCURRED = 'Sorry, an unknown error occurred';

/**
 * A toast for a failed editor tool (format, share): what the server said when it said something,
 * the spec's "Sorry, an error occurred" when it answered without a word, and "Sorry, an unknown
 * error occurred" when no answer came.
 */
export function toolErrorText(error: unknown): string {
  if (!(error instanceof ClientError)) return SORRY_AN_UNKNOWN_ERROR_OCCURRED;
  const said = error.info.error;
  return said && said !== FALLBACK_ERROR ? said : SORRY_AN_ERROR_OCCURRED;
}

/** Template parameters as the estimate sends them: empty text is `{}`; other text must be JSON. */
export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (!text || text.trim() === '') return {};
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(INVALID_TEMPLATE_PARAMS);
  }
  return value as Record<string, unknown>;
}

/** Superset's event of a run: CREATE TABLE AS and CREATE VIEW AS have their own. */
function runEventOf(options: { ctas?: boolean; ctasMethod?: 'TABLE' | 'VIEW' }): string {
  if (!options.ctas) return LOG_EVENTS.sqllabRunQuery;
  return options.ctasMethod === 'VIEW'
    ? LOG_EVENTS.sqllabCreateViewAs
    : LOG_EVENTS.sqllabCreateTableAs;
}

/** Runs the selected text when there is any, else the whole text of the tab. */
export function runEditorQuery(
  editorId: string,
  options: { ctas?: boolean; tempTable?: string; ctasMethod?: 'TABLE' | 'VIEW' } = {},
): SqlLabThunk<Promise<Query | null>> {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = selectEditorById(state, editorId);
    if (!editor?.dbId) return null;
    const sql = editor.selectedText?.trim() ? editor.selectedText : editor.sql;
    if (!sql.trim()) return null;
    const database = state.sqlLab.databases[String(editor.dbId)];
    const query = makeQuery({
      dbId: editor.dbId,
      sql,
      sqlEditorId: editor.id,
      tab: editor.name,
      catalog: editor.catalog,
      schema: editor.schema,
      runAsync: database?.allow_run_async ?? false,
      templateParams: editor.templateParams,
      queryLimit: editor.queryLimit,
      ctas: options.ctas ?? false,
      ctas_method: options.ctasMethod ?? 'TABLE',
      tempTable: options.tempTable ?? null,
    });
    logSqlLabEvent(state, runEventOf(options));
    await dispatch(runQuery(query));
    return query;
  };
}

/** Cost estimate: started, then returned (the engine's rows) or failed (the message). */
export function estimateQueryCost(editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const editor = selectEditorById(getState(), editorId);
    if (!editor?.dbId) return;
    logSqlLabEvent(getState(), LOG_EVENTS.sqllabEstimateQueryCost);
    dispatch(costEstimateStarted(editorId));
    try {
      const sql = editor.selectedText?.trim() ? editor.selectedText : editor.sql;
      const answer = await api.call(sqllabRoutes.estimate, {
        body: {
          database_id: editor.dbId,
          catalog: editor.catalog,
          schema: editor.schema,
          sql,
          template_params: parseTemplateParams(editor.templateParams),
        },
      });
      dispatch(costEstimateReturned({ editorId, cost: answer.result }));
    } catch (error) {
      dispatch(costEstimateFailed({ editorId, error: errorMessage(error) }));
    }
  };
}

/** Formats the tab's SQL in its database's dialect (`POST /api/v1/sqllab/format_sql/`). */
export function formatQuery(editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const editor = selectEditorById(getState(), editorId);
    if (!editor) return;
    logSqlLabEvent(getState(), LOG_EVENTS.sqllabFormatSql);
    try {
      const answer = await api.call(sqllabRoutes.formatSql, {
        body: { sql: editor.sql, ...(editor.dbId ? { database_id: editor.dbId } : {}) },
      });
      dispatch(queryEditorPatched(editorId, { sql: answer.result }));
    } catch (error) {
      toast('danger', toolErrorText(error));
    }
  };
}

/** Saves the tab as a new saved query; the tab then points at it (remoteId). */
export function saveQuery(
  editorId: string,
  fields: { name: string; description?: string },
): SqlLabThunk<Promise<number | null>> {
  return async (dispatch, getState, { api, toast }) => {
    const editor = selectEditorById(getState(), editorId);
    if (!editor?.dbId) {
      toast('danger', QUERY_NOT_SAVED);
      return null;
    }
    try {
      const answer = await api.call(savedQueryRoutes.create, {
        body: clientToSavedQueryBody({ ...editor, dbId: editor.dbId, ...fields }),
      });
      dispatch(queryEditorPatched(editorId, { remoteId: answer.id, name: fields.name }));
      toast('success', QUERY_SAVED);
      // The tab on the server points at its saved query too; if that fails the save is partial.
      const { settings } = getState().sqlLab;
      if (settings.backendPersistence && editor.tabViewId) {
        try {
          await api.call(sqllabStateRoutes.updateTab, {
            params: { pk: Number(editor.tabViewId) },
            body: { saved_query_id: answer.id },
          });
        } catch {
          toast('danger', QUERY_NOT_PROPERLY_SAVED);
        }
      }
      return answer.id;
    } catch {
      toast('danger', QUERY_NOT_SAVED);
      return null;
    }
  };
}

/** Writes the tab over the saved query it came from. */
export function updateSavedQuery(
  editorId: string,
  fields: { name: string; description?: string },
): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState, { api, toast }) => {
    const editor = selectEditorById(getState(), editorId);
    if (!editor?.dbId || !editor.remoteId) {
      toast('danger', QUERY_NOT_UPDATED);
      return false;
    }
    try {
      await api.call(savedQueryRoutes.update, {
        params: { pk: editor.remoteId },
        body: clientToSavedQueryBody({ ...editor, dbId: editor.dbId, ...fields }),
      });
      dispatch(queryEditorPatched(editorId, { name: fields.name }));
      toast('success', QUERY_UPDATED);
      return true;
    } catch {
      toast('danger', QUERY_NOT_UPDATED);
      return false;
    }
  };
}

/** A permalink to the tab's query (`POST /api/v1/sqllab/permalink`); resolves to its URL. */
export function createPermalink(editorId: string): SqlLabThunk<Promise<string>> {
  return async (_dispatch, getState, { api }) => {
    const editor = selectEditorById(getState(), editorId);
    if (!editor?.dbId) throw new Error('Choose a database first');
    const answer = await api.call(sqllabRoutes.createPermalink, {
      body: {
        dbId: editor.dbId,
        name: editor.name,
        sql: editor.sql,
        catalog: editor.catalog,
        schema: editor.schema,
        templateParams: editor.templateParams || null,
        autorun: editor.autorun,
      },
    });
    return answer.url;
  };
}

/** Function names of the tab's database, for completion; failures only lose completion. */
export function loadFunctionNames(editorId: string, dbId: number): SqlLabThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    try {
      const answer = await api.call(databaseRoutes.functionNames, { params: { pk: dbId } });
      dispatch(queryEditorSetFunctionNames(editorId, answer.function_names));
    } catch {
      dispatch(queryEditorSetFunctionNames(editorId, []));
    }
  };
}
