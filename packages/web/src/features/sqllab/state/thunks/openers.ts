import type { DatasetItem } from '@tessera/shared/api/datasets';
import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { queryRoutes } from '@tessera/shared/api/routes/queries';
import { savedQueryRoutes } from '@tessera/shared/api/routes/savedQueries';
import { sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import type { PermalinkBody } from '@tessera/shared/api/sqllab';
import { parseDatasourceKey } from '@tessera/shared/datasourceKey';
import { datasourceLoaded, datasourceLoading } from '../sqlLabSlice.ts';
import type { SqlLabThunk } from '../store.ts';
import { runEditorQuery } from './editor.ts';
import { addQueryEditor, switchQueryEditor } from './tabs.ts';

/**
 * Ways into the editor from elsewhere (spec section 2): a shared permalink, a dataset, a saved
 * query, a history entry, and a chart's "view query in SQL Lab" redirect. Each opens a new tab.
 */

export const QUERY_NOT_LOADED = "The query couldn't be loaded";
export const DATASOURCE_NOT_LOADED = "The datasource couldn't be loaded";
export const SQL_NOT_LOADED = 'An error occurred while loading the SQL';

/** `/sqllab/p/<key>` (plain or `kv:` key): a new tab from the permalink, run when autorun is set. */
export function openPermalink(key: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, _getState, { api, toast }) => {
    let link: PermalinkBody;
    try {
      link = await api.call(sqllabRoutes.readPermalink, { params: { key } });
    } catch {
      toast('danger', SQL_NOT_LOADED);
      return;
    }
    const editor = dispatch(
      addQueryEditor({
        name: link.name,
        dbId: link.dbId,
        catalog: link.catalog ?? null,
        schema: link.schema ?? null,
        sql: link.sql,
        templateParams: link.templateParams ?? '',
        autorun: link.autorun ?? false,
      }),
    );
    if (link.autorun) await dispatch(runEditorQuery(editor.id));
  };
}

/**
 * `?datasourceKey=12__table`: a tab on the dataset's database and schema holding its SELECT *
 * (a virtual dataset's own SQL), or the given SQL (run at once) when a chart or Explore's
 * "View in SQL Lab" redirected here with one.
 */
export function openDatasource(datasourceKey: string, sql?: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, _getState, { api, toast }) => {
    const key = parseDatasourceKey(datasourceKey);
    if (!key) {
      toast('danger', DATASOURCE_NOT_LOADED);
      return;
    }
    dispatch(datasourceLoading());
    try {
      const answer = await api.call(datasetRoutes.getFields, {
        params: { pk: String(key.id) },
        q: { keys: ['none'], columns: ['name', 'schema', 'database.id', 'select_star', 'sql'] },
      });
      // The fields named in `columns` are there.
      const dataset = answer.result as Pick<DatasetItem, 'name' | 'schema' | 'select_star'> & {
        database: Pick<DatasetItem['database'], 'id'>;
        sql?: string | null;
      };
      dispatch(
        datasourceLoaded({
          id: key.id,
          name: dataset.name,
          schema: dataset.schema,
          dbId: dataset.database.id,
          selectStar: dataset.select_star,
        }),
      );
      const editor = dispatch(
        addQueryEditor({
          name: `Query ${dataset.name}`,
          dbId: dataset.database.id,
          catalog: null,
          schema: dataset.schema,
          // A virtual dataset is its own SQL: a SELECT * of its name would name no table.
          sql: sql ?? (dataset.sql || dataset.select_star || ''),
          autorun: sql !== undefined,
        }),
      );
      if (sql !== undefined) await dispatch(runEditorQuery(editor.id));
    } catch {
      dispatch(datasourceLoaded(null));
      toast('danger', DATASOURCE_NOT_LOADED);
    }
  };
}

/** `?savedQueryId=N`: the saved query in a tab (the tab already showing it, if any). */
export function openSavedQuery(id: number): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toast }) => {
    const open = getState().sqlLab.queryEditors.find((qe) => qe.remoteId === id);
    if (open) {
      await dispatch(switchQueryEditor(open.id));
      return;
    }
    try {
      const { result } = await api.call(savedQueryRoutes.get, { params: { pk: id } });
      dispatch(
        addQueryEditor({
          name: result.label,
          dbId: result.db_id,
          catalog: result.catalog,
          schema: result.schema,
          sql: result.sql,
          templateParams: result.template_parameters ?? '',
          remoteId: result.id,
          autorun: false,
        }),
      );
    } catch {
      toast('danger', QUERY_NOT_LOADED);
    }
  };
}

/** `?queryId=N`: a history query in a new tab. */
export function openHistoryQuery(id: number): SqlLabThunk<Promise<void>> {
  return async (dispatch, _getState, { api, toast }) => {
    try {
      const { result } = await api.call(queryRoutes.get, { params: { pk: id } });
      dispatch(
        addQueryEditor({
          ...(result.tab_name ? { name: `Copy of ${result.tab_name}` } : {}),
          dbId: result.database.id,
          catalog: result.catalog,
          schema: result.schema,
          sql: result.sql,
          autorun: false,
        }),
      );
    } catch {
      toast('danger', QUERY_NOT_LOADED);
    }
  };
}
