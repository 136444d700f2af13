import { sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import type { QueryRecord } from '@tessera/shared/api/sqllab';
import type { SqllabBootstrapAnswer, TabStateAnswer } from '@tessera/shared/api/sqllabState';
import { errorMessage } from '../../../../app/api.ts';
import type { LocalWorkspace } from '../../persistence/localWorkspace.ts';
import { isLocalNewer, makeQueryEditor } from '../editorFactory.ts';
import { queryFromRecord } from '../queryTransitions.ts';
import { errorMessageSet, inactiveQueriesCleared, workspaceLoaded } from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import type { Query, QueryEditor, SqlLabSettings, SqlLabTable } from '../types.ts';
import { markSynced } from './migration.ts';
import { addQueryEditor, editorFromTabState } from './tabs.ts';

/** Runs that never got going within this long are dropped when the workspace loads. */
export const INACTIVE_QUERY_INTERVAL_MS = 60_000;

function reconcile(server: QueryEditor, local: QueryEditor | undefined): QueryEditor {
  if (!local || !isLocalNewer(local, server)) return server;
  return { ...local, id: server.id, tabViewId: server.tabViewId, loaded: true };
}

/** The workspace from the server bootstrap, merged with what this browser kept. */
export function workspaceFromServer(
  result: SqllabBootstrapAnswer['result'],
  local: LocalWorkspace | null,
  settings: SqlLabSettings,
) {
  const localEditors = new Map((local?.queryEditors ?? []).map((qe) => [qe.id, qe]));
  const active = result.active_tab as TabStateAnswer | null;
  const tables: SqlLabTable[] = [];
  const queries: Record<string, Query> = {};
  for (const record of Object.values(result.queries) as QueryRecord[]) {
    const kept = local?.queries[record.id];
    queries[record.id] = { ...queryFromRecord(record, kept), results: kept?.results ?? null };
  }

  const editors: QueryEditor[] = result.tab_state_ids.map(({ id, label }) => {
    const key = String(id);
    const localCopy = localEditors.get(key);
    if (active && active.id === id) {
      const loaded = editorFromTabState(active, settings, localCopy);
      tables.push(...loaded.tables);
      for (const q of loaded.queries) queries[q.id] ??= q;
      const editor = reconcile(loaded.editor, localCopy);
      // The server holds `loaded.editor`'s version; a newer local copy is written by the sync.
      markSynced(key, loaded.editor.version);
      return editor;
    }
    // Other tabs load on first switch (GET /tabstateview/{id}).
    return makeQueryEditor({
      ...(localCopy ?? { version: 0, updatedAt: 0 }),
      id: key,
      tabViewId: key,
      name: label,
      loaded: false,
      inLocalStorage: false,
    });
  });

  // Tabs never migrated to the server come along; the sync migrates them.
  for (const editor of local?.queryEditors ?? []) {
    if (editor.inLocalStorage && !editor.tabViewId) {
      editors.push(editor);
      tables.push(...(local?.tables ?? []).filter((t) => t.queryEditorId === editor.id));
      for (const q of Object.values(local?.queries ?? {})) {
        if (q.sqlEditorId === editor.id) queries[q.id] ??= q;
      }
    }
  }
  const ids = new Set(editors.map((e) => e.id));
  const history = (local?.tabHistory ?? []).filter((id) => ids.has(id));
  const activeId = active ? String(active.id) : (history.at(-1) ?? editors.at(-1)?.id);
  return {
    queryEditors: editors,
    tables,
    queries,
    databases: result.databases,
    tabHistory: activeId ? [...history.filter((id) => id !== activeId), activeId] : history,
    destroyedQueryEditors: local?.destroyedQueryEditors ?? {},
    lastUpdatedActiveTab: active ? String(active.id) : null,
  };
}

/** The workspace from local storage alone (backend persistence off). */
export function workspaceFromLocal(local: LocalWorkspace | null) {
  if (!local) return { queryEditors: [], tables: [], queries: {}, tabHistory: [] };
  const editors = local.queryEditors.map((qe) => ({ ...qe, loaded: true }));
  const ids = new Set(editors.map((e) => e.id));
  return {
    queryEditors: editors,
    tables: local.tables.filter((t) => ids.has(t.queryEditorId)),
    queries: local.queries,
    tabHistory: local.tabHistory.filter((id) => ids.has(id)),
    destroyedQueryEditors: local.destroyedQueryEditors,
    queriesLastUpdate: local.queriesLastUpdate,
  };
}

/** Loads the workspace: `GET /api/v1/sqllab/` (databases, tabs, runs) plus local storage. */
export function initializeWorkspace(local: LocalWorkspace | null): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const { settings } = getState().sqlLab;
    let result: SqllabBootstrapAnswer['result'] | null = null;
    try {
      result = (await api.call(sqllabRoutes.bootstrap)).result;
    } catch (error) {
      dispatch(errorMessageSet(errorMessage(error)));
    }
    if (settings.backendPersistence && result) {
      dispatch(workspaceLoaded(workspaceFromServer(result, local, settings)));
    } else {
      dispatch(
        workspaceLoaded({ ...workspaceFromLocal(local), databases: result?.databases ?? {} }),
      );
    }
    dispatch(inactiveQueriesCleared(INACTIVE_QUERY_INTERVAL_MS));
    if (getState().sqlLab.queryEditors.length === 0) dispatch(addQueryEditor());
  };
}
