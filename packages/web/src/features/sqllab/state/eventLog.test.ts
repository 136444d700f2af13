import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { addLogListener, type LogEvent } from '../../../app/eventLogger.ts';
import { makeQueryEditor } from './editorFactory.ts';
import { DEFAULT_SQLLAB_SETTINGS, queryStarted, workspaceLoaded } from './sqlLabSlice.ts';
import { createSqlLabStore } from './store.ts';
import { record } from './testSupport.ts';
import { runEditorQuery } from './thunks/editor.ts';
import { fetchQueryResults, makeQuery, pollQueries, stopQuery } from './thunks/queries.ts';

/** SQL Lab's events as the batched sender would get them, against a faked server. */

const SYNTAX_ERROR = {
  message: 'near "SELEC": syntax error',
  error_type: 'GENERIC_DB_ENGINE_ERROR',
  level: 'error',
  extra: {
    engine_name: 'SQLite',
    issue_codes: [
      { code: 1002, message: 'Issue 1002 - The database returned an unexpected error.' },
    ],
  },
};

let stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function listen(): LogEvent[] {
  const seen: LogEvent[] = [];
  stops.push(addLogListener((event) => seen.push(event)));
  return seen;
}

function workspace(answer: (method: string, url: string) => Response) {
  const toasts: string[] = [];
  const api = createApiClient({
    fetch: async (input, init = {}) => {
      if (String(input).includes('csrf_token')) return Response.json({ result: 'token' });
      return answer(init.method ?? 'GET', String(input));
    },
  });
  const store = createSqlLabStore({ api, toast: (_type, text) => toasts.push(text) });
  const editor = makeQueryEditor({
    id: 'tab-1',
    name: 'Untitled Query 1',
    dbId: 4,
    schema: 'main',
    sql: 'SELEC 1',
    loaded: true,
  });
  store.dispatch(workspaceLoaded({ queryEditors: [editor], tabHistory: [editor.id] }));
  return { store, toasts };
}

describe("SQL Lab's event log", () => {
  it('logs a failed run as sqllab_fetch_failed_query with error type, issue codes and details', async () => {
    const seen = listen();
    const { store } = workspace((method, url) =>
      method === 'POST' && url.includes('/sqllab/execute/')
        ? Response.json({ errors: [SYNTAX_ERROR] }, { status: 400 })
        : Response.json({}),
    );
    const query = await store.dispatch(runEditorQuery('tab-1'));
    expect(store.getState().sqlLab.queries[query?.id ?? '']?.state).toBe('failed');
    expect(seen.map((event) => event.event_name)).toEqual([
      'sqllab_run_query',
      'sqllab_fetch_failed_query',
    ]);
    expect(seen[0]).toMatchObject({ source: 'sqlLab', source_id: 'tab-1', db_id: 4 });
    expect(seen[1]).toMatchObject({
      version: 'v2',
      source: 'sqlLab',
      source_id: 'tab-1',
      event_type: 'timing',
      db_id: 4,
      schema: 'main',
      client_id: query?.id,
      has_err: true,
      start_offset: query?.startDttm,
      error_type: 'GENERIC_DB_ENGINE_ERROR',
      issue_codes: [1002],
      error_details: 'near "SELEC": syntax error',
    });
  });

  it('logs a run that never got an answer with its message and issue code -1', async () => {
    const seen = listen();
    const { store } = workspace(() => {
      throw new TypeError('Failed to fetch');
    });
    await store.dispatch(runEditorQuery('tab-1'));
    const failed = seen.filter((event) => event.event_name === 'sqllab_fetch_failed_query');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ issue_codes: [-1], error_details: expect.any(String) });
    expect(failed[0]).not.toHaveProperty('error_type');
  });

  it('logs results that could not be fetched, and an async run the server says failed', async () => {
    const seen = listen();
    const { store } = workspace((_method, url) =>
      url.includes('/sqllab/results/')
        ? Response.json({ errors: [SYNTAX_ERROR] }, { status: 410 })
        : Response.json({
            result: [
              record({
                id: 'async-1',
                dbId: 4,
                state: 'failed',
                errorMessage: 'timeout',
                extra: { errors: [{ ...SYNTAX_ERROR, error_type: 'SQLLAB_TIMEOUT_ERROR' }] },
              }),
            ],
          }),
    );
    const stored = makeQuery({ dbId: 4, sql: 'SELECT 1', resultsKey: 'k', sqlEditorId: 'tab-1' });
    store.dispatch(queryStarted(stored));
    await store.dispatch(fetchQueryResults(stored));
    const running = makeQuery({ id: 'async-1', dbId: 4, sql: 'SELECT 2', runAsync: true });
    store.dispatch(queryStarted(running));
    await store.dispatch(pollQueries());
    await store.dispatch(pollQueries());
    const failed = seen.filter((event) => event.event_name === 'sqllab_fetch_failed_query');
    expect(failed.map((event) => [event.client_id, event.error_type])).toEqual([
      [stored.id, 'GENERIC_DB_ENGINE_ERROR'],
      ['async-1', 'SQLLAB_TIMEOUT_ERROR'],
    ]);
  });

  it('names CREATE TABLE AS, CREATE VIEW AS and stop as Superset does', async () => {
    const seen = listen();
    const { store } = workspace(() => Response.json({ errors: [SYNTAX_ERROR] }, { status: 400 }));
    await store.dispatch(runEditorQuery('tab-1', { ctas: true, tempTable: 't' }));
    await store.dispatch(
      runEditorQuery('tab-1', { ctas: true, tempTable: 'v', ctasMethod: 'VIEW' }),
    );
    await store.dispatch(stopQuery(makeQuery({ dbId: 4, sql: 'SELECT 1' })));
    expect(
      seen.map((event) => event.event_name).filter((name) => name !== 'sqllab_fetch_failed_query'),
    ).toEqual(['sqllab_create_table_as', 'sqllab_create_view_as', 'sqllab_stop_query']);
  });
});

it('keeps SQL Lab events off when no tab is open', () => {
  const seen = listen();
  const store = createSqlLabStore(
    { api: createApiClient({ fetch: async () => Response.json({}) }), toast: () => {} },
    DEFAULT_SQLLAB_SETTINGS,
  );
  void store.dispatch(runEditorQuery('missing'));
  expect(seen).toEqual([]);
});
