import { sqllabStateRoutes } from '@tessera/shared/api/routes/sqllab';
import type { QueryRecord } from '@tessera/shared/api/sqllab';
import { type TabStateAnswer, tabStateToQueryEditor } from '@tessera/shared/api/sqllabState';
import { ClientError } from '../../../../app/api.ts';
import { LOG_EVENTS } from '../../../../app/eventLogger.ts';
import {
  copyName,
  defaultDbId,
  defaultQueryLimit,
  isLocalNewer,
  makeQueryEditor,
  nextUntitledName,
  starterSql,
} from '../editorFactory.ts';
import { logSqlLabEvent } from '../eventLog.ts';
import { queryFromRecord } from '../queryTransitions.ts';
import {
  selectActiveEditor,
  selectActiveEditorId,
  selectEditorById,
  selectQueryEditors,
} from '../selectors.ts';
import {
  queryEditorActivated,
  queryEditorAdded,
  queryEditorDropped,
  queryEditorLoaded,
  queryEditorRemoved,
} from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import type { Query, QueryEditor, SqlLabTable } from '../types.ts';
import { markSynced, migrateQueryEditor } from './migration.ts';

/** Tabs: add, copy, clone, close, switch (spec sections 2, 4 and 5). */

export const ERROR_FETCHING_TAB_STATE = 'An error occurred while fetching tab state';

/**
 * Adds a tab with the spec's defaults (name, starter text, database and limit from the previous
 * tab) overridden by `fields`; the unsaved editor is saved first (the reducer does it). With
 * backend persistence the tab goes to the server right away.
 */
export function addQueryEditor(fields: Partial<QueryEditor> = {}): SqlLabThunk<QueryEditor> {
  return (dispatch, getState) => {
    const state = getState();
    const { settings, databases } = state.sqlLab;
    const previous = selectActiveEditor(state) ?? undefined;
    const editor = makeQueryEditor({
      // Names with pending edits (a rename not flushed yet) count too.
      name: nextUntitledName(selectQueryEditors(state).map((qe) => qe.name)),
      sql: starterSql(settings.backendPersistence),
      dbId: defaultDbId(previous, settings, databases),
      catalog: previous?.catalog ?? null,
      schema: previous?.schema ?? null,
      queryLimit: defaultQueryLimit(previous, settings),
      maxRow: settings.maxRow,
      ...fields,
    });
    // A tab on another database starts without the previous tab's catalog and schema.
    if (!('schema' in fields) && editor.dbId !== previous?.dbId) {
      editor.catalog = null;
      editor.schema = null;
    }
    dispatch(queryEditorAdded(editor));
    if (settings.backendPersistence) void dispatch(migrateQueryEditor(editor.id));
    return editor;
  };
}

/** "Copy of {name}" with the same database, schema, SQL, limit and parameters. */
export function copyQueryEditor(id: string): SqlLabThunk<QueryEditor | null> {
  return (dispatch, getState) => {
    const source = selectEditorById(getState(), id);
    if (!source) return null;
    return dispatch(
      addQueryEditor({
        name: copyName(source.name),
        dbId: source.dbId,
        catalog: source.catalog,
        schema: source.schema,
        sql: source.sql,
        queryLimit: source.queryLimit,
        templateParams: source.templateParams,
      }),
    );
  };
}

/** A new tab holding a history query's database, catalog, schema and SQL. */
export function cloneQueryToNewTab(query: Query, autorun = false): SqlLabThunk<QueryEditor> {
  return (dispatch, getState) => {
    const state = getState();
    const source =
      (query.sqlEditorId ? selectEditorById(state, query.sqlEditorId) : null) ??
      selectActiveEditor(state);
    const sourceName = source?.name ?? query.tab;
    return dispatch(
      addQueryEditor({
        ...(sourceName ? { name: copyName(sourceName) } : {}),
        dbId: query.dbId,
        catalog: query.catalog,
        schema: query.schema,
        sql: query.sql,
        autorun,
        queryLimit:
          query.queryLimit ?? source?.queryLimit ?? state.sqlLab.settings.defaultQueryLimit,
        templateParams: query.templateParams ?? '',
      }),
    );
  };
}

/** Closes a tab (its tables and queries go; the server copy is deleted by the sync). */
export function removeQueryEditor(id: string): SqlLabThunk {
  return (dispatch) => {
    dispatch(queryEditorRemoved(id));
  };
}

export function removeAllOtherQueryEditors(keepId: string): SqlLabThunk {
  return (dispatch, getState) => {
    for (const editor of getState().sqlLab.queryEditors) {
      if (editor.id !== keepId) dispatch(queryEditorRemoved(editor.id));
    }
    dispatch(switchQueryEditor(keepId));
  };
}

function tableFromServer(
  tab: TabStateAnswer['table_schemas'][number],
  editorId: string,
): SqlLabTable {
  const description = (tab.description ?? {}) as Partial<SqlLabTable>;
  return {
    ...description,
    id: String(tab.id),
    dbId: tab.database_id,
    queryEditorId: editorId,
    catalog: tab.catalog,
    schema: tab.schema,
    name: tab.table,
    expanded: tab.expanded,
    initialized: true,
    inLocalStorage: false,
    isMetadataLoading: false,
  };
}

/** A server tab as a complete client editor, with its tables and latest run. */
export function editorFromTabState(
  tab: TabStateAnswer,
  defaults: { maxRow: number; defaultQueryLimit: number },
  local?: QueryEditor,
): { editor: QueryEditor; tables: SqlLabTable[]; queries: Query[] } {
  const fields = tabStateToQueryEditor(tab);
  const editor = makeQueryEditor({
    ...fields,
    queryLimit: fields.queryLimit ?? defaults.defaultQueryLimit,
    templateParams: fields.templateParams ?? '',
    maxRow: defaults.maxRow,
    loaded: true,
    inLocalStorage: false,
    version: fields.version ?? 1,
    updatedAt: fields.updatedAt ?? 0,
    // What only this browser remembers about the tab.
    ...(local
      ? {
          cursorPosition: local.cursorPosition,
          northPercent: local.northPercent,
          southPercent: local.southPercent,
          selectedText: local.selectedText,
        }
      : {}),
  });
  const tables = tab.table_schemas.map((t) => tableFromServer(t, editor.id));
  const latest = tab.latest_query as QueryRecord | null;
  const queries = latest?.id ? [queryFromRecord(latest)] : [];
  return { editor, tables, queries };
}

/** Fetches a server tab not loaded yet: a 404 removes the tab locally. */
export function loadQueryEditor(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const local = selectEditorById(getState(), id);
    if (!local?.tabViewId) return;
    const started = performance.now();
    try {
      const tab = await api.call(sqllabStateRoutes.getTab, {
        params: { pk: Number(local.tabViewId) },
      });
      const { settings } = getState().sqlLab;
      const loaded = editorFromTabState(tab, settings, local);
      markSynced(local.tabViewId, loaded.editor.version);
      // A newer local copy (edited while the server was out of reach) wins; the sync writes it.
      if (isLocalNewer(local, loaded.editor)) {
        loaded.editor = { ...local, loaded: true };
      }
      dispatch(queryEditorLoaded(loaded));
      // Superset's timing event of a tab whose state came from the server.
      logSqlLabEvent(getState(), LOG_EVENTS.sqllabLoadTabState, {
        eventType: 'timing',
        duration: Math.round(performance.now() - started),
      });
    } catch (error) {
      if (error instanceof ClientError && error.status === 404) {
        dispatch(queryEditorDropped(id));
      } else {
        toast('danger', ERROR_FETCHING_TAB_STATE);
      }
    }
  };
}

/** Activates a tab (pushed on the tab history), loading its server state first when needed. */
export function switchQueryEditor(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = selectEditorById(getState(), id);
    if (!editor) return;
    if (selectActiveEditorId(getState()) !== id) dispatch(queryEditorActivated(id));
    if (!editor.loaded) await dispatch(loadQueryEditor(id));
  };
}

/** Next (+1) or previous (-1) tab, wrapping around at both ends. */
export function switchTabBy(step: 1 | -1): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { queryEditors } = getState().sqlLab;
    if (queryEditors.length === 0) return;
    const activeId = selectActiveEditorId(getState());
    const index = queryEditors.findIndex((qe) => qe.id === activeId);
    const next = queryEditors[(index + step + queryEditors.length) % queryEditors.length];
    if (next) await dispatch(switchQueryEditor(next.id));
  };
}
