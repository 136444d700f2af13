import type { TabStateAnswer } from '@tessera/shared/api/sqllabState';
import { describe, expect, it } from 'vitest';
import { makeQueryEditor } from './editorFactory.ts';
import { DEFAULT_SQLLAB_SETTINGS } from './sqlLabSlice.ts';
import { workspaceFromServer } from './thunks/init.ts';

function tab(id: number, fields: Partial<TabStateAnswer> = {}): TabStateAnswer {
  return {
    id,
    user_id: 1,
    label: `Tab ${id}`,
    active: true,
    database_id: 1,
    catalog: null,
    schema: 'main',
    table_schemas: [],
    sql: 'SELECT 1',
    query_limit: 1000,
    latest_query: null,
    autorun: false,
    template_params: null,
    hide_left_bar: false,
    saved_query: null,
    extra_json: JSON.stringify({ version: 2, updatedAt: 100 }),
    ...fields,
  };
}

describe('the workspace from the server bootstrap', () => {
  it('loads the active tab fully and the others on first switch', () => {
    const ws = workspaceFromServer(
      {
        active_tab: tab(2, {
          table_schemas: [
            {
              id: 5,
              tab_state_id: 2,
              database_id: 1,
              catalog: null,
              schema: 'main',
              table: 'cars',
              description: { columns: [] },
              expanded: true,
            },
          ],
        }),
        databases: {},
        queries: {},
        tab_state_ids: [
          { id: 1, label: 'First' },
          { id: 2, label: 'Tab 2' },
        ],
      },
      null,
      DEFAULT_SQLLAB_SETTINGS,
    );
    expect(ws.queryEditors.map((e) => [e.id, e.loaded, e.name])).toEqual([
      ['1', false, 'First'],
      ['2', true, 'Tab 2'],
    ]);
    expect(ws.tabHistory.at(-1)).toBe('2');
    expect(ws.tables).toMatchObject([
      { id: '5', queryEditorId: '2', name: 'cars', initialized: true },
    ]);
  });

  it('keeps a newer local copy of the active tab and the tabs never migrated', () => {
    const localActive = makeQueryEditor({
      id: '2',
      tabViewId: '2',
      name: 'Tab 2',
      sql: 'SELECT newer',
      version: 5,
      inLocalStorage: false,
    });
    const localOnly = makeQueryEditor({ name: 'Offline tab', sql: 'SELECT 3' });
    const ws = workspaceFromServer(
      {
        active_tab: tab(2),
        databases: {},
        queries: {},
        tab_state_ids: [{ id: 2, label: 'Tab 2' }],
      },
      {
        formatVersion: 1,
        queryEditors: [localActive, localOnly],
        tabHistory: [localOnly.id, '2'],
        tables: [],
        queries: {},
        destroyedQueryEditors: { '9': 1 },
        lastUpdatedActiveTab: null,
        queriesLastUpdate: 0,
      },
      DEFAULT_SQLLAB_SETTINGS,
    );
    expect(ws.queryEditors[0]?.sql).toBe('SELECT newer');
    expect(ws.queryEditors[1]).toMatchObject({ name: 'Offline tab', inLocalStorage: true });
    expect(ws.destroyedQueryEditors).toEqual({ '9': 1 });
  });

  it('drops local copies of tabs the server no longer has', () => {
    const gone = makeQueryEditor({ id: '8', tabViewId: '8', name: 'Gone', inLocalStorage: false });
    const ws = workspaceFromServer(
      { active_tab: null, databases: {}, queries: {}, tab_state_ids: [] },
      {
        formatVersion: 1,
        queryEditors: [gone],
        tabHistory: ['8'],
        tables: [],
        queries: {},
        destroyedQueryEditors: {},
        lastUpdatedActiveTab: null,
        queriesLastUpdate: 0,
      },
      DEFAULT_SQLLAB_SETTINGS,
    );
    expect(ws.queryEditors).toHaveLength(0);
  });
});
