import { createSelector } from '@reduxjs/toolkit';
import type { SqllabDatabase } from '@tessera/shared/api/sqllabState';
import { activeEditorIdOf } from './sqlLabSlice.ts';
import type { SqlLabRootState } from './store.ts';
import type { Query, QueryEditor, SqlLabTable } from './types.ts';

/** Selectors of the workspace; editors always come merged with their pending (unsaved) edits. */

export const selectSqlLab = (root: SqlLabRootState) => root.sqlLab;
export const selectSettings = (root: SqlLabRootState) => root.sqlLab.settings;
export const selectDatabases = (root: SqlLabRootState) => root.sqlLab.databases;
export const selectQueries = (root: SqlLabRootState) => root.sqlLab.queries;
export const selectTables = (root: SqlLabRootState) => root.sqlLab.tables;
export const selectOffline = (root: SqlLabRootState) => root.sqlLab.offline;
export const selectActiveSouthPaneTab = (root: SqlLabRootState) => root.sqlLab.activeSouthPaneTab;
const selectQueryEditorsRaw = (root: SqlLabRootState) => root.sqlLab.queryEditors;
const selectUnsaved = (root: SqlLabRootState) => root.sqlLab.unsavedQueryEditor;

export const selectActiveEditorId = createSelector(
  [selectQueryEditorsRaw, (root: SqlLabRootState) => root.sqlLab.tabHistory],
  (queryEditors, tabHistory) => activeEditorIdOf({ queryEditors, tabHistory } as never),
);

/** Every editor with the active one's pending edits applied. */
export const selectQueryEditors = createSelector(
  [selectQueryEditorsRaw, selectUnsaved],
  (editors, unsaved): QueryEditor[] =>
    unsaved.id ? editors.map((qe) => (qe.id === unsaved.id ? { ...qe, ...unsaved } : qe)) : editors,
);

/** Id and name of each tab (stable while the user types). */
/** Each tab's id, name and the state of its latest run (for the running or failed mark). */
export const selectTabs = createSelector(
  [
    selectQueryEditorsRaw,
    (root: SqlLabRootState) => root.sqlLab.unsavedQueryEditor,
    (root: SqlLabRootState) => root.sqlLab.queries,
  ],
  (editors, unsaved, queries) =>
    editors.map((qe) => {
      const pending = qe.id === unsaved.id ? unsaved : {};
      const latestId = pending.latestQueryId ?? qe.latestQueryId;
      return {
        id: qe.id,
        name: pending.name ?? qe.name,
        state: latestId ? (queries[latestId]?.state ?? null) : null,
      };
    }),
);

export const selectActiveEditor = createSelector(
  [selectQueryEditorsRaw, selectUnsaved, selectActiveEditorId],
  (editors, unsaved, activeId): QueryEditor | null => {
    const editor = editors.find((qe) => qe.id === activeId);
    if (!editor) return null;
    return unsaved.id === editor.id ? { ...editor, ...unsaved } : editor;
  },
);

export function selectEditorById(root: SqlLabRootState, id: string): QueryEditor | null {
  const editor = root.sqlLab.queryEditors.find((qe) => qe.id === id);
  if (!editor) return null;
  const unsaved = root.sqlLab.unsavedQueryEditor;
  return unsaved.id === id ? { ...editor, ...unsaved } : editor;
}

/** The selected database of the active tab (null when none is chosen or it is not listed). */
export const selectActiveDatabase = createSelector(
  [selectActiveEditor, selectDatabases],
  (editor, databases): SqllabDatabase | null =>
    editor?.dbId ? (databases[String(editor.dbId)] ?? null) : null,
);

/** Database, catalog and schema the active tab runs against. */
export const selectActiveTarget = createSelector([selectActiveEditor], (editor) => ({
  dbId: editor?.dbId ?? null,
  catalog: editor?.catalog ?? null,
  schema: editor?.schema ?? null,
}));

export const selectActiveEditorTables = createSelector(
  [selectTables, selectActiveEditorId],
  (tables, activeId): SqlLabTable[] => tables.filter((t) => t.queryEditorId === activeId),
);

/** The active tab's latest run (null before the first). */
export const selectLatestQuery = createSelector(
  [selectActiveEditor, selectQueries],
  (editor, queries): Query | null =>
    editor?.latestQueryId ? (queries[editor.latestQueryId] ?? null) : null,
);

/** Runs of one tab (not data previews), newest first: the tab's history pane. */
export const selectEditorQueries = createSelector(
  [selectQueries, (_root: SqlLabRootState, editorId: string | null) => editorId],
  (queries, editorId): Query[] =>
    Object.values(queries)
      .filter((q) => q.sqlEditorId === editorId && !q.isDataPreview)
      .sort((a, b) => b.startDttm - a.startDttm),
);

/** Data-preview runs of the active tab's tables, in table order. */
export const selectDataPreviewQueries = createSelector(
  [selectActiveEditorTables, selectQueries],
  (tables, queries): { table: SqlLabTable; query: Query }[] =>
    tables.flatMap((table) => {
      const query = table.dataPreviewQueryId ? queries[table.dataPreviewQueryId] : undefined;
      return query ? [{ table, query }] : [];
    }),
);

export const selectActiveCostEstimate = createSelector(
  [(root: SqlLabRootState) => root.sqlLab.queryCostEstimates, selectActiveEditorId],
  (estimates, activeId) => (activeId ? (estimates[activeId] ?? null) : null),
);

/** True while any run of the workspace is still going (polling runs while this holds). */
export const selectHasActiveQueries = createSelector([selectQueries], (queries) =>
  Object.values(queries).some((q) =>
    ['running', 'started', 'pending', 'fetching', 'scheduled'].includes(q.state),
  ),
);
