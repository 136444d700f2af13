import { sqllabStateRoutes } from '@tessera/shared/api/routes/sqllab';
import { queryEditorToTabStateUpdate } from '@tessera/shared/api/sqllabState';
import { ClientError, toClientErrorObject } from '../../../app/api.ts';
import { logTabStateNotStored } from '../state/eventLog.ts';
import { selectActiveEditorId, selectQueryEditors } from '../state/selectors.ts';
import { activeTabSynced, destroyedQueryEditorCleared } from '../state/sqlLabSlice.ts';
import type { SqlLabThunk } from '../state/store.ts';
import { markSynced, migrateQueryEditor, syncedVersion } from '../state/thunks/migration.ts';

/**
 * Server-side tab state (backend persistence): every TAB_SYNC_INTERVAL_MS the client migrates
 * local-only tabs, writes changed tabs, activates the active tab and deletes destroyed tabs.
 */

export const TAB_SYNC_INTERVAL_MS = 5000;
export const STORE_QUERY_FAILED =
  'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.';

const SERVER_ID = /^\d+$/;

export function syncWorkspace(): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const state = getState();
    if (!state.sqlLab.settings.backendPersistence || !state.sqlLab.initialized) return;

    // Tabs that exist only in this browser.
    for (const editor of state.sqlLab.queryEditors) {
      if (editor.inLocalStorage) await dispatch(migrateQueryEditor(editor.id));
    }

    // Changed tabs: the full set of fields, with {updatedAt, version} for reconciliation.
    let failed = false;
    for (const editor of selectQueryEditors(getState())) {
      if (!editor.tabViewId || !editor.loaded) continue;
      const synced = syncedVersion(editor.tabViewId);
      if (synced !== undefined && synced >= editor.version) continue;
      try {
        await api.call(sqllabStateRoutes.updateTab, {
          params: { pk: Number(editor.tabViewId) },
          body: queryEditorToTabStateUpdate(
            { ...editor, templateParams: editor.templateParams || null },
            { updatedAt: editor.updatedAt, version: editor.version },
          ),
        });
        markSynced(editor.tabViewId, editor.version);
      } catch (error) {
        // Editor save errors are logged as warnings; the toast says what to do.
        logTabStateNotStored(getState(), editor.tabViewId, toClientErrorObject(error));
        failed = true;
      }
    }
    if (failed) toast('danger', STORE_QUERY_FAILED);

    // The active tab, once it is on the server.
    const activeId = selectActiveEditorId(getState());
    const active = getState().sqlLab.queryEditors.find((qe) => qe.id === activeId);
    if (active?.tabViewId && getState().sqlLab.lastUpdatedActiveTab !== active.tabViewId) {
      try {
        await api.call(sqllabStateRoutes.activateTab, { params: { pk: Number(active.tabViewId) } });
        dispatch(activeTabSynced(active.tabViewId));
      } catch (error) {
        logTabStateNotStored(getState(), active.tabViewId, toClientErrorObject(error));
      }
    }

    await dispatch(deleteDestroyedTabs());
  };
}

/** Deletes closed tabs on the server; a 404 (already gone) clears the entry too. */
export function deleteDestroyedTabs(): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    for (const key of Object.keys(getState().sqlLab.destroyedQueryEditors)) {
      if (!SERVER_ID.test(key)) {
        dispatch(destroyedQueryEditorCleared(key));
        continue;
      }
      try {
        await api.call(sqllabStateRoutes.deleteTab, { params: { pk: Number(key) } });
        dispatch(destroyedQueryEditorCleared(key));
      } catch (error) {
        if (error instanceof ClientError && error.status === 404) {
          dispatch(destroyedQueryEditorCleared(key));
        }
        // Other failures keep the entry: the next sync tries again.
      }
    }
  };
}
