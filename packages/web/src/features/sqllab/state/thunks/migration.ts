import { sqllabStateRoutes } from '@tessera/shared/api/routes/sqllab';
import { selectEditorById } from '../selectors.ts';
import { queryEditorMigrated } from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import type { QueryEditor } from '../types.ts';
import { syncTable } from './tables.ts';

/**
 * Moving a tab that exists only in this browser to the server (backend persistence): the editor,
 * then its tables, then its runs. A failure warns and leaves the tab local, so the next sync
 * retries it (spec section 4, "Editor tabs").
 */

export const MIGRATE_EDITOR_WARNING =
  'Unable to migrate query editor state to the backend. Tessera will retry later. Please contact your administrator if this problem persists.';
export const MIGRATE_TABLE_WARNING =
  'Unable to migrate table schema state to the backend. Tessera will retry later. Please contact your administrator if this problem persists.';
export const MIGRATE_QUERY_WARNING =
  'Unable to migrate query state to the backend. Tessera will retry later. Please contact your administrator if this problem persists.';

/** Editors whose migration is under way: the sync must not post them twice. */
const migrating = new Set<string>();

/** The `queryEditor` field of `POST /tabstateview/`. */
export function queryEditorPayload(editor: QueryEditor) {
  return {
    name: editor.name,
    dbId: editor.dbId,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: editor.sql,
    queryLimit: editor.queryLimit,
    autorun: editor.autorun,
    templateParams: editor.templateParams,
    hideLeftBar: editor.hideLeftBar,
    remoteId: editor.remoteId,
    extra_json: { updatedAt: editor.updatedAt, version: editor.version },
  };
}

export function migrateQueryEditor(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const editor = selectEditorById(getState(), id);
    if (!editor?.inLocalStorage || migrating.has(id)) return;
    migrating.add(id);
    let tabViewId: string;
    try {
      const answer = await api.call(sqllabStateRoutes.createTab, {
        body: { queryEditor: queryEditorPayload(editor) },
      });
      tabViewId = String(answer.id);
    } catch {
      toast('warning', MIGRATE_EDITOR_WARNING);
      return;
    } finally {
      migrating.delete(id);
    }
    // The server copy was made from this version; edits made meanwhile go with the next sync.
    dispatch(queryEditorMigrated({ id, tabViewId }));
    markSynced(tabViewId, editor.version);

    const state = getState().sqlLab;
    for (const table of state.tables.filter((t) => t.queryEditorId === tabViewId)) {
      if (!table.initialized && !table.isMetadataLoading) {
        await dispatch(syncTable(table, MIGRATE_TABLE_WARNING));
      }
    }
    const runs = Object.values(state.queries).filter(
      (q) => q.sqlEditorId === tabViewId && !q.isDataPreview && q.state !== 'started',
    );
    for (const run of runs) {
      try {
        await api.call(sqllabStateRoutes.migrateQuery, {
          params: { pk: Number(tabViewId) },
          body: { queryId: run.id },
        });
      } catch {
        toast('warning', MIGRATE_QUERY_WARNING);
      }
    }
  };
}

/**
 * The version of each server tab last written (by create or PUT); the sync sends a tab again
 * when its version moves past this.
 */
const syncedVersions = new Map<string, number>();

export function markSynced(tabViewId: string, version: number): void {
  syncedVersions.set(tabViewId, version);
}

export function syncedVersion(tabViewId: string): number | undefined {
  return syncedVersions.get(tabViewId);
}

export function forgetSyncedVersions(): void {
  syncedVersions.clear();
}
