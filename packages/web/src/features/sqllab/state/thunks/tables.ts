import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { sqllabStateRoutes } from '@tessera/shared/api/routes/sqllab';
import { newClientId } from '@tessera/shared/api/sqllab';
import { errorMessage } from '../../../../app/api.ts';
import { selectEditorById } from '../selectors.ts';
import { queryRemoved, tableAdded, tableMerged, tableRemoved } from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import type { QueryEditor, SqlLabTable } from '../types.ts';
import { runTablePreview } from './queries.ts';

/** Tables of a tab's left bar: added, expanded or collapsed, removed, synced (spec section 4). */

export const ERROR_FETCHING_TABLE_METADATA = 'An error occurred while fetching table metadata';
export const ERROR_EXPANDING_TABLE = 'An error occurred while expanding the table schema';
export const ERROR_COLLAPSING_TABLE = 'An error occurred while collapsing the table schema';
export const ERROR_REMOVING_TABLE = 'An error occurred while removing the table schema';

/** What the server keeps of a table (`POST /tableschemaview/` field `table`). */
export function tableSchemaPayload(table: SqlLabTable, queryEditorId: string) {
  return {
    dbId: table.dbId,
    queryEditorId: Number(queryEditorId),
    catalog: table.catalog,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
    columns: table.columns,
    selectStar: table.selectStar,
    primaryKey: table.primaryKey,
    foreignKeys: table.foreignKeys,
    indexes: table.indexes,
    dataPreviewQueryId: table.dataPreviewQueryId ?? null,
  };
}

/** Saves a table on the server when its tab is there; the server id replaces the client id. */
export function syncTable(
  table: SqlLabTable,
  failureText: string = ERROR_FETCHING_TABLE_METADATA,
): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState, { api, toast }) => {
    const state = getState();
    const editor = selectEditorById(state, table.queryEditorId);
    if (!state.sqlLab.settings.backendPersistence || !editor?.tabViewId) return false;
    const current = state.sqlLab.tables.find((t) => t.id === table.id) ?? table;
    try {
      const answer = await api.call(sqllabStateRoutes.addTableSchema, {
        body: { table: tableSchemaPayload(current, editor.tabViewId) },
      });
      dispatch(
        tableMerged({
          id: table.id,
          patch: { id: String(answer.id), initialized: true, inLocalStorage: false },
        }),
      );
      return true;
    } catch {
      toast(failureText === ERROR_FETCHING_TABLE_METADATA ? 'danger' : 'warning', failureText);
      return false;
    }
  };
}

/**
 * Adds a table to a tab: its metadata (columns, keys, indexes) loads, its data preview runs
 * (unless the database disables it) and, with backend persistence, it is saved on the server.
 */
export function addTable(
  editor: Pick<QueryEditor, 'id' | 'dbId'>,
  tableName: string,
  catalog: string | null,
  schema: string | null,
): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    if (!editor.dbId) return;
    const existing = getState().sqlLab.tables.find(
      (t) =>
        t.queryEditorId === editor.id &&
        t.dbId === editor.dbId &&
        t.name === tableName &&
        t.schema === schema &&
        t.catalog === catalog,
    );
    if (existing) {
      if (!existing.expanded) await dispatch(expandTable(existing));
      return;
    }
    const table: SqlLabTable = {
      id: newClientId(),
      dbId: editor.dbId,
      queryEditorId: editor.id,
      catalog,
      schema,
      name: tableName,
      expanded: true,
      initialized: false,
      isMetadataLoading: true,
      inLocalStorage: true,
    };
    dispatch(tableAdded(table));
    try {
      const where = {
        params: { pk: editor.dbId },
        query: { name: tableName, schema: schema ?? undefined, catalog: catalog ?? undefined },
      };
      // Both calls of the table pane, as Superset makes them.
      const [meta, extra] = await Promise.all([
        api.call(databaseRoutes.tableMetadata, where),
        api.call(databaseRoutes.tableMetadataExtra, where),
      ]);
      const patch: Partial<SqlLabTable> = {
        extra,
        columns: meta.columns,
        selectStar: meta.selectStar,
        primaryKey: meta.primaryKey,
        foreignKeys: meta.foreignKeys,
        indexes: meta.indexes,
        comment: meta.comment ?? null,
        isMetadataLoading: false,
        metadataError: null,
      };
      dispatch(tableMerged({ id: table.id, patch }));
      const loaded = { ...table, ...patch };
      await dispatch(runTablePreview(loaded));
    } catch (error) {
      dispatch(
        tableMerged({
          id: table.id,
          patch: { isMetadataLoading: false, metadataError: errorMessage(error) },
        }),
      );
      toast('danger', ERROR_FETCHING_TABLE_METADATA);
      return;
    }
    await dispatch(syncTable(table));
  };
}

function setExpanded(
  table: SqlLabTable,
  expanded: boolean,
  failureText: string,
): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    dispatch(tableMerged({ id: table.id, patch: { expanded } }));
    if (!getState().sqlLab.settings.backendPersistence || !table.initialized) return;
    try {
      await api.call(sqllabStateRoutes.setTableSchemaExpanded, {
        params: { pk: Number(table.id) },
        body: { expanded },
      });
    } catch {
      toast('danger', failureText);
    }
  };
}

export const expandTable = (table: SqlLabTable) => setExpanded(table, true, ERROR_EXPANDING_TABLE);
export const collapseTable = (table: SqlLabTable) =>
  setExpanded(table, false, ERROR_COLLAPSING_TABLE);

/** Removes a table (and its data preview) from its tab, and from the server when it is there. */
export function removeTable(table: SqlLabTable): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    dispatch(tableRemoved(table.id));
    if (table.dataPreviewQueryId) dispatch(queryRemoved(table.dataPreviewQueryId));
    if (!getState().sqlLab.settings.backendPersistence || !table.initialized) return;
    try {
      await api.call(sqllabStateRoutes.deleteTableSchema, { params: { pk: Number(table.id) } });
    } catch {
      toast('danger', ERROR_REMOVING_TABLE);
    }
  };
}
