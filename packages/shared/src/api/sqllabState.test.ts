import { describe, expect, it } from 'vitest';
import { clientToSavedQueryBody, savedQueryToClient } from './savedQueries.ts';
import {
  QueryEditorPayload,
  queryEditorToTabStateUpdate,
  type TabStateAnswer,
  tabStateToQueryEditor,
  toFormFields,
} from './sqllabState.ts';

const tab: TabStateAnswer = {
  id: 7,
  user_id: 3,
  label: 'Revenue',
  active: true,
  database_id: 2,
  catalog: null,
  schema: 'main',
  table_schemas: [],
  sql: 'SELECT 1',
  query_limit: 1000,
  latest_query: { id: 'abcdefghijk', state: 'success' },
  autorun: false,
  template_params: '{}',
  hide_left_bar: true,
  saved_query: { id: 11 },
  extra_json: '{"updatedAt":5,"version":1}',
};

describe('SQL Lab state renames between client and server', () => {
  it('turns a server tab into the client query editor', () => {
    expect(tabStateToQueryEditor(tab)).toEqual({
      id: '7',
      tabViewId: '7',
      name: 'Revenue',
      dbId: 2,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      queryLimit: 1000,
      autorun: false,
      templateParams: '{}',
      hideLeftBar: true,
      remoteId: 11,
      latestQueryId: 'abcdefghijk',
      updatedAt: 5,
      version: 1,
    });
  });

  it('turns an editor into the full PUT set, leaving out what is undefined', () => {
    expect(
      queryEditorToTabStateUpdate(
        { name: 'A', dbId: 2, sql: 'SELECT 2', catalog: null },
        { updatedAt: 9, version: 2 },
      ),
    ).toEqual({
      label: 'A',
      database_id: 2,
      sql: 'SELECT 2',
      catalog: null,
      extra_json: '{"updatedAt":9,"version":2}',
    });
  });

  it('encodes form fields as Superset’s client does: each value JSON text', () => {
    expect(
      toFormFields({ sql: 'SELECT 1', latest_query_id: null, autorun: true, skipped: undefined }),
    ).toEqual({
      sql: '"SELECT 1"',
      latest_query_id: 'null',
      autorun: 'true',
    });
  });

  it('accepts a posted editor with extra client keys and string ids', () => {
    const parsed = QueryEditorPayload.parse({
      id: 'x',
      dbId: '4',
      remoteId: 12,
      selectedText: 'a',
    });
    expect(parsed.dbId).toBe(4);
    expect(parsed.remoteId).toBe(12);
  });

  it('maps saved queries both ways', () => {
    const client = savedQueryToClient({
      id: 5,
      label: 'Q',
      db_id: 2,
      catalog: null,
      schema: 's',
      sql: 'SELECT 1',
      template_parameters: '{"a":1}',
      description: 'd',
    });
    expect(client).toEqual({
      remoteId: 5,
      name: 'Q',
      dbId: 2,
      catalog: null,
      schema: 's',
      sql: 'SELECT 1',
      templateParams: '{"a":1}',
      description: 'd',
    });
    expect(clientToSavedQueryBody({ ...client, dbId: 2 })).toEqual({
      label: 'Q',
      db_id: 2,
      catalog: null,
      schema: 's',
      sql: 'SELECT 1',
      template_parameters: '{"a":1}',
      description: 'd',
    });
  });
});
