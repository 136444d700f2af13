import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import {
  copyName,
  defaultDbId,
  defaultQueryLimit,
  isLocalNewer,
  LOCAL_ONLY_NOTE,
  nextUntitledName,
  STARTER_SQL,
  starterSql,
} from './editorFactory.ts';
import { selectActiveEditor, selectEditorQueries, selectTabs } from './selectors.ts';
import {
  DEFAULT_SQLLAB_SETTINGS,
  databasesLoaded,
  queryEditorMigrated,
  queryEditorPatched,
  queryEditorSetSplit,
  queryEditorSetSql,
  queryStarted,
  tableAdded,
  workspaceLoaded,
} from './sqlLabSlice.ts';
import { createSqlLabStore } from './store.ts';
import { makeQuery } from './testSupport.ts';
import {
  addQueryEditor,
  cloneQueryToNewTab,
  copyQueryEditor,
  removeAllOtherQueryEditors,
  removeQueryEditor,
  switchQueryEditor,
  switchTabBy,
} from './thunks/tabs.ts';
import type { SqlLabSettings } from './types.ts';

const database = (id: number) => ({
  id,
  database_name: `db${id}`,
  backend: 'duckdb',
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  allow_multi_catalog: false,
  allows_subquery: true,
  expose_in_sqllab: true,
  force_ctas_schema: null,
  disable_data_preview: false,
  disable_drill_to_detail: false,
});

/** A local-only workspace (backend persistence off): the tab thunks make no calls. */
function workspace(settings: Partial<SqlLabSettings> = {}) {
  const toasts: string[] = [];
  const api = createApiClient({
    fetch: () => Promise.reject(new Error('no server in this test')),
  });
  const store = createSqlLabStore(
    { api, toast: (_type, text) => toasts.push(text) },
    { ...DEFAULT_SQLLAB_SETTINGS, backendPersistence: false, ...settings },
  );
  store.dispatch(workspaceLoaded({ databases: { 3: database(3), 7: database(7) } }));
  return { store, toasts };
}

describe('tab naming (spec section 5)', () => {
  it('numbers untitled tabs one more than the highest used, or 1', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName(['Untitled Query 1', 'Untitled Query 4', 'Sales'])).toBe(
      'Untitled Query 5',
    );
    expect(nextUntitledName(['Untitled Query x', 'My Untitled Query 9'])).toBe('Untitled Query 1');
  });

  it('names copies "Copy of {name}"', () => {
    expect(copyName('Sales')).toBe('Copy of Sales');
  });

  it('starts with SELECT ... and the local-only comment only when backend persistence is off', () => {
    expect(starterSql(true)).toBe(STARTER_SQL);
    expect(STARTER_SQL).toBe('SELECT ...');
    expect(starterSql(false)).toBe(`${LOCAL_ONLY_NOTE}SELECT ...`);
    expect(LOCAL_ONLY_NOTE).toMatch(/clear your cookies/);
  });
});

describe('new tab defaults', () => {
  const settings = { defaultDbId: 7, defaultQueryLimit: 1000 };
  const databases = { 3: database(3), 7: database(7) };

  it('takes the database from the previous tab, else SQLLAB_DEFAULT_DBID, else the lowest id', () => {
    expect(defaultDbId({ dbId: 3 }, settings, databases)).toBe(3);
    expect(defaultDbId(undefined, settings, databases)).toBe(7);
    expect(defaultDbId(undefined, { defaultDbId: null }, databases)).toBe(3);
    expect(defaultDbId(undefined, { defaultDbId: 99 }, databases)).toBe(3);
    expect(defaultDbId(undefined, { defaultDbId: null }, {})).toBeNull();
  });

  it('takes the limit from the previous tab, else DEFAULT_SQLLAB_LIMIT', () => {
    expect(defaultQueryLimit({ queryLimit: 50 }, settings)).toBe(50);
    expect(defaultQueryLimit(undefined, settings)).toBe(1000);
  });
});

describe('tabs', () => {
  it('adds tabs with the next name, the previous tab database and limit, and activates them', () => {
    const { store } = workspace({ defaultQueryLimit: 1000 });
    const first = store.dispatch(addQueryEditor());
    expect(first).toMatchObject({ name: 'Untitled Query 1', dbId: 3, queryLimit: 1000 });
    expect(first.sql).toContain('SELECT ...');
    store.dispatch(queryEditorSetSql(first.id, 'SELECT 42'));
    const second = store.dispatch(addQueryEditor({ dbId: 7, queryLimit: 50 }));
    const third = store.dispatch(addQueryEditor());
    expect(third).toMatchObject({ name: 'Untitled Query 3', dbId: 7, queryLimit: 50 });
    const state = store.getState().sqlLab;
    expect(state.tabHistory).toEqual([first.id, second.id, third.id]);
    // Adding a tab saved the unsaved editor first.
    expect(state.queryEditors[0]?.sql).toBe('SELECT 42');
    expect(selectActiveEditor(store.getState())?.id).toBe(third.id);
  });

  it('keeps typing in the unsaved editor until the tab changes', () => {
    const { store } = workspace();
    const tab = store.dispatch(addQueryEditor());
    store.dispatch(queryEditorSetSql(tab.id, 'SELECT 1'));
    const state = store.getState().sqlLab;
    expect(state.unsavedQueryEditor).toMatchObject({ id: tab.id, sql: 'SELECT 1' });
    expect(selectActiveEditor(store.getState())?.sql).toBe('SELECT 1');
    expect(state.editorTabLastUpdatedAt).toBeGreaterThan(0);
    expect(selectActiveEditor(store.getState())?.version).toBe(tab.version + 1);
  });

  it('counts a rename still pending in the active editor when numbering', () => {
    const { store } = workspace();
    const first = store.dispatch(addQueryEditor());
    store.dispatch(queryEditorPatched(first.id, { name: 'Renamed' }));
    expect(store.dispatch(addQueryEditor()).name).toBe('Untitled Query 1');
  });

  it('copies a tab as "Copy of {name}" with its SQL', () => {
    const { store } = workspace();
    const tab = store.dispatch(addQueryEditor({ name: 'Sales', sql: 'SELECT 2' }));
    const copy = store.dispatch(copyQueryEditor(tab.id));
    expect(copy).toMatchObject({ name: 'Copy of Sales', sql: 'SELECT 2', dbId: tab.dbId });
  });

  it('clones a history query into a new tab with its database, schema and SQL', () => {
    const { store } = workspace();
    const tab = store.dispatch(addQueryEditor({ name: 'Sales' }));
    const query = makeQuery({ dbId: 7, schema: 'main', sql: 'SELECT 3', sqlEditorId: tab.id });
    const clone = store.dispatch(cloneQueryToNewTab(query));
    expect(clone).toMatchObject({
      name: 'Copy of Sales',
      dbId: 7,
      schema: 'main',
      sql: 'SELECT 3',
    });
  });

  it('closing a tab drops its tables and queries, falls back to the last remaining tab and records it as destroyed', () => {
    const { store } = workspace();
    const a = store.dispatch(addQueryEditor());
    const b = store.dispatch(addQueryEditor());
    const c = store.dispatch(addQueryEditor());
    void store.dispatch(switchQueryEditor(a.id));
    store.dispatch(
      tableAdded({
        id: 't1',
        dbId: 3,
        queryEditorId: a.id,
        catalog: null,
        schema: 'main',
        name: 'cars',
        expanded: true,
        initialized: false,
      }),
    );
    store.dispatch(queryStarted(makeQuery({ dbId: 3, sql: 'x', sqlEditorId: a.id })));
    store.dispatch(removeQueryEditor(a.id));
    const state = store.getState().sqlLab;
    expect(state.queryEditors.map((qe) => qe.id)).toEqual([b.id, c.id]);
    expect(state.tables).toHaveLength(0);
    expect(Object.keys(state.queries)).toHaveLength(0);
    expect(selectActiveEditor(store.getState())?.id).toBe(c.id);
    expect(state.destroyedQueryEditors[a.id]).toEqual(expect.any(Number));
  });

  it('falls back to the last remaining tab when the history is empty', () => {
    const { store } = workspace();
    const a = store.dispatch(addQueryEditor());
    const b = store.dispatch(addQueryEditor());
    store.dispatch(removeQueryEditor(b.id));
    expect(store.getState().sqlLab.tabHistory).toEqual([a.id]);
    store.dispatch(addQueryEditor());
    store.dispatch(removeAllOtherQueryEditors(a.id));
    expect(selectTabs(store.getState()).map((t) => t.id)).toEqual([a.id]);
  });

  it('records a server tab as destroyed under its server id', () => {
    const { store } = workspace();
    const a = store.dispatch(addQueryEditor());
    store.dispatch(addQueryEditor());
    store.dispatch(queryEditorMigrated({ id: a.id, tabViewId: '41' }));
    store.dispatch(removeQueryEditor('41'));
    expect(Object.keys(store.getState().sqlLab.destroyedQueryEditors)).toEqual(['41']);
  });

  it('switches to the next and previous tab, wrapping at both ends, and pushes the tab history', async () => {
    const { store } = workspace();
    const a = store.dispatch(addQueryEditor());
    const b = store.dispatch(addQueryEditor());
    const c = store.dispatch(addQueryEditor());
    await store.dispatch(switchTabBy(1));
    expect(selectActiveEditor(store.getState())?.id).toBe(a.id);
    await store.dispatch(switchTabBy(-1));
    expect(selectActiveEditor(store.getState())?.id).toBe(c.id);
    await store.dispatch(switchTabBy(-1));
    expect(selectActiveEditor(store.getState())?.id).toBe(b.id);
    expect(store.getState().sqlLab.tabHistory.slice(-3)).toEqual([a.id, c.id, b.id]);
  });

  it('migrating a tab renames it to its server id everywhere', () => {
    const { store } = workspace();
    const a = store.dispatch(addQueryEditor());
    const query = makeQuery({ dbId: 3, sql: 'x', sqlEditorId: a.id });
    store.dispatch(queryStarted(query));
    store.dispatch(queryEditorMigrated({ id: a.id, tabViewId: '12' }));
    const state = store.getState().sqlLab;
    expect(state.queryEditors[0]).toMatchObject({
      id: '12',
      tabViewId: '12',
      inLocalStorage: false,
    });
    expect(state.tabHistory).toEqual(['12']);
    expect(state.queries[query.id]?.sqlEditorId).toBe('12');
    expect(selectEditorQueries(store.getState(), '12')).toHaveLength(1);
  });

  it('remembers the pane split per tab without bumping its version', () => {
    const { store } = workspace();
    const a = store.dispatch(addQueryEditor());
    store.dispatch(queryEditorSetSplit(a.id, 30));
    expect(selectActiveEditor(store.getState())).toMatchObject({
      northPercent: 30,
      southPercent: 70,
      version: a.version,
    });
  });

  it('uses the databases of the workspace for the default', () => {
    const { store } = workspace({ defaultDbId: null });
    store.dispatch(databasesLoaded({ 9: database(9), 4: database(4) }));
    expect(store.dispatch(addQueryEditor()).dbId).toBe(4);
  });
});

describe('reconciling local and server copies', () => {
  it('prefers the newer version, then the later change', () => {
    expect(isLocalNewer({ version: 3, updatedAt: 1 }, { version: 2, updatedAt: 9 })).toBe(true);
    expect(isLocalNewer({ version: 2, updatedAt: 1 }, { version: 3, updatedAt: 0 })).toBe(false);
    expect(isLocalNewer({ version: 2, updatedAt: 5 }, { version: 2, updatedAt: 4 })).toBe(true);
    expect(isLocalNewer({ version: 2, updatedAt: 4 }, { version: 2, updatedAt: 4 })).toBe(false);
  });
});
