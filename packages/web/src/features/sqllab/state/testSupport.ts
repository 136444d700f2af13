import { QUERY_STATES, type QueryRecord } from '@tessera/shared/api/sqllab';
import { makeQueryEditor } from './editorFactory.ts';
import { DEFAULT_SQLLAB_SETTINGS, initialSqlLabState, sqlLabSlice } from './sqlLabSlice.ts';
import { makeQuery } from './thunks/queries.ts';
import type { QueryEditor, QueryResults, SqlLabState } from './types.ts';

/** Builders for state tests: a workspace with editors, runs and server records. */

export const reduce = sqlLabSlice.reducer;

export function workspaceWith(editors: Partial<QueryEditor>[] = [{}]): SqlLabState {
  const state = initialSqlLabState(DEFAULT_SQLLAB_SETTINGS);
  state.queryEditors = editors.map((fields, index) =>
    makeQueryEditor({ name: `Tab ${index + 1}`, dbId: 1, ...fields }),
  );
  state.tabHistory = state.queryEditors.slice(-1).map((qe) => qe.id);
  state.initialized = true;
  return state;
}

export { makeQuery };

export function results(rows: number, status = 'success'): QueryResults {
  const data = Array.from({ length: rows }, (_, i) => ({ n: i }));
  return {
    columns: [{ name: 'n', column_name: 'n', type: 'INTEGER', type_generic: 0, is_dttm: false }],
    selected_columns: [],
    expanded_columns: [],
    data,
    status,
  };
}

export function record(fields: Partial<QueryRecord> & Pick<QueryRecord, 'id'>): QueryRecord {
  return {
    changed_on: '2024-01-01T00:00:00',
    dbId: 1,
    db: 'examples',
    endDttm: null,
    errorMessage: null,
    executedSql: null,
    queryId: 1,
    limit: 1000,
    limitingFactor: 'NOT_LIMITED',
    progress: 50,
    rows: null,
    catalog: null,
    schema: 'main',
    ctas: false,
    serverId: 1,
    sql: 'SELECT 1',
    sqlEditorId: null,
    startDttm: 1000,
    state: QUERY_STATES[4],
    tab: null,
    tempSchema: null,
    tempTable: null,
    userId: 1,
    user: 'admin',
    resultsKey: null,
    trackingUrl: null,
    extra: {},
    ...fields,
  };
}
