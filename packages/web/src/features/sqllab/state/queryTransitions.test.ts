import { describe, expect, it } from 'vitest';
import {
  inactiveQueriesCleared,
  offlineSet,
  queriesRefreshed,
  queryFailed,
  queryResultsCleared,
  queryResultsRequested,
  queryResultsRestored,
  queryStarted,
  queryStopped,
  querySucceeded,
} from './sqlLabSlice.ts';
import { makeQuery, record, reduce, results, workspaceWith } from './testSupport.ts';
import type { SqlLabState } from './types.ts';

function started(state: SqlLabState, fields: Parameters<typeof makeQuery>[0]) {
  const query = makeQuery(fields);
  return { state: reduce(state, queryStarted(query)), query };
}

describe('starting a run (spec section 4)', () => {
  it('adds the query at progress 0 and sets the tab latestQueryId', () => {
    const base = workspaceWith();
    const editorId = base.queryEditors[0]?.id ?? '';
    const { state, query } = started(base, { dbId: 1, sql: 'SELECT 1', sqlEditorId: editorId });
    expect(state.queries[query.id]?.progress).toBe(0);
    expect(state.unsavedQueryEditor.latestQueryId ?? state.queryEditors[0]?.latestQueryId).toBe(
      query.id,
    );
    expect(state.queryEditors[0]?.latestQueryId).toBe(query.id);
  });

  it('is pending when asynchronous and running when synchronous', () => {
    const base = workspaceWith();
    const a = started(base, { dbId: 1, sql: 'SELECT 1', runAsync: true });
    const s = started(base, { dbId: 1, sql: 'SELECT 1', runAsync: false });
    expect(a.state.queries[a.query.id]?.state).toBe('pending');
    expect(s.state.queries[s.query.id]?.state).toBe('running');
  });

  it('first clears the result rows of the tab previous query', () => {
    const base = workspaceWith();
    const editorId = base.queryEditors[0]?.id ?? '';
    const first = started(base, { dbId: 1, sql: 'SELECT 1', sqlEditorId: editorId });
    const done = reduce(first.state, querySucceeded({ id: first.query.id, results: results(3) }));
    expect(done.queries[first.query.id]?.results?.data).toHaveLength(3);
    const second = started(done, { dbId: 1, sql: 'SELECT 2', sqlEditorId: editorId });
    expect(second.state.queries[first.query.id]?.results?.data).toEqual([]);
    expect(second.state.queryEditors[0]?.latestQueryId).toBe(second.query.id);
  });

  it('brings a run to the front: an editor run in Results, a data preview in its own tab', () => {
    const base = workspaceWith();
    const editorId = base.queryEditors[0]?.id ?? '';
    const preview = started(base, { dbId: 1, sql: 'SELECT *', isDataPreview: true });
    expect(preview.state.activeSouthPaneTab).toBe(preview.query.id);
    const run = started(preview.state, { dbId: 1, sql: 'SELECT 1', sqlEditorId: editorId });
    expect(run.state.activeSouthPaneTab).toBe('Results');
  });

  it('does not move the tab latest query for a data preview', () => {
    const base = workspaceWith();
    const editorId = base.queryEditors[0]?.id ?? '';
    const preview = started(base, {
      dbId: 1,
      sql: 'SELECT *',
      sqlEditorId: editorId,
      isDataPreview: true,
    });
    expect(preview.state.queryEditors[0]?.latestQueryId).toBeNull();
  });
});

describe('results and success', () => {
  it('requesting results moves the query to fetching', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x', runAsync: true });
    expect(reduce(state, queryResultsRequested(query.id)).queries[query.id]?.state).toBe(
      'fetching',
    );
  });

  it('records end time, progress 100, results, rows, limiting factor, temp table and results key, and clears the error', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const withError = {
      ...state,
      queries: { [query.id]: { ...state.queries[query.id], errorMessage: 'old' } },
    } as SqlLabState;
    const payload = {
      ...results(2),
      query: record({
        id: query.id,
        endDttm: 5000,
        rows: 2,
        limitingFactor: 'DROPDOWN',
        tempSchema: 'tmp',
        tempTable: 't1',
        resultsKey: 'key-1',
        state: 'success',
      }),
    };
    const next = reduce(withError, querySucceeded({ id: query.id, results: payload })).queries[
      query.id
    ];
    expect(next).toMatchObject({
      state: 'success',
      endDttm: 5000,
      progress: 100,
      rows: 2,
      limitingFactor: 'DROPDOWN',
      tempSchema: 'tmp',
      tempTable: 't1',
      resultsKey: 'key-1',
      errorMessage: null,
    });
    expect(next?.results?.data).toHaveLength(2);
  });

  it('ignores success for a stopped query', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const stopped = reduce(state, queryStopped(query.id));
    const next = reduce(stopped, querySucceeded({ id: query.id, results: results(2) }));
    expect(next.queries[query.id]?.state).toBe('stopped');
    expect(next.queries[query.id]?.results).toBeNull();
  });

  it('ignores success whose result status is not success', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const next = reduce(state, querySucceeded({ id: query.id, results: results(2, 'failed') }));
    expect(next.queries[query.id]?.state).toBe('running');
  });
});

describe('failure and stop', () => {
  it('keeps errors, message, end time and link', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const errors = [{ message: 'no table', error_type: 'TABLE_DOES_NOT_EXIST_ERROR' }];
    const next = reduce(
      state,
      queryFailed({ id: query.id, message: 'no table', link: 'https://x', errors }),
    ).queries[query.id];
    expect(next).toMatchObject({ state: 'failed', errorMessage: 'no table', link: 'https://x' });
    expect(next?.errors).toEqual(errors);
    expect(next?.endDttm).toEqual(expect.any(Number));
  });

  it('ignores failure for a stopped query', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const stopped = reduce(state, queryStopped(query.id));
    expect(
      reduce(stopped, queryFailed({ id: query.id, message: 'cancelled' })).queries[query.id]?.state,
    ).toBe('stopped');
  });

  it('stopping sets stopped and empties the results', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const done = reduce(state, querySucceeded({ id: query.id, results: results(2) }));
    const next = reduce(done, queryStopped(query.id)).queries[query.id];
    expect(next?.state).toBe('stopped');
    expect(next?.results).toBeNull();
  });
});

describe('refreshing from the server', () => {
  it('skips queries stopped or failed locally', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x', runAsync: true });
    const stopped = reduce(state, queryStopped(query.id));
    const next = reduce(stopped, queriesRefreshed([record({ id: query.id, state: 'running' })]));
    expect(next.queries[query.id]?.state).toBe('stopped');
    const failed = reduce(state, queryFailed({ id: query.id, message: 'boom' }));
    const after = reduce(failed, queriesRefreshed([record({ id: query.id, state: 'success' })]));
    expect(after.queries[query.id]?.state).toBe('failed');
  });

  it('never lets a server success override a local fetching, success or running state', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x', runAsync: true });
    const fetching = reduce(state, queryResultsRequested(query.id));
    const running = reduce(state, queriesRefreshed([record({ id: query.id, state: 'running' })]));
    for (const local of [fetching, running]) {
      const before = local.queries[query.id]?.state;
      const next = reduce(local, queriesRefreshed([record({ id: query.id, state: 'success' })]));
      expect(next.queries[query.id]?.state).toBe(before);
    }
    // A pending run does take the server's success.
    const pending = reduce(state, queriesRefreshed([record({ id: query.id, state: 'success' })]));
    expect(pending.queries[query.id]?.state).toBe('success');
  });

  it('tracks the latest change time', () => {
    const base = workspaceWith();
    const next = reduce(
      base,
      queriesRefreshed([
        record({ id: 'aaaaaaaaaaa', changed_on: '2024-01-02T00:00:00' }),
        record({ id: 'bbbbbbbbbbb', changed_on: '2024-01-03T00:00:00' }),
      ]),
    );
    expect(next.queriesLastUpdate).toBe(Date.parse('2024-01-03T00:00:00Z'));
    expect(Object.keys(next.queries)).toHaveLength(2);
  });

  it('keeps the local tab of a run sent before its tab reached the server', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x', sqlEditorId: 'local' });
    const next = reduce(state, queriesRefreshed([record({ id: query.id, sqlEditorId: '12' })]));
    expect(next.queries[query.id]?.sqlEditorId).toBe('local');
  });
});

describe('clearing inactive queries', () => {
  it('drops running or pending runs older than the interval at progress zero', () => {
    const base = workspaceWith();
    const old = makeQuery({ dbId: 1, sql: 'x', runAsync: true, startDttm: Date.now() - 120_000 });
    const fresh = makeQuery({ dbId: 1, sql: 'y', runAsync: true });
    let state = reduce(base, queryStarted(old));
    state = reduce(state, queryStarted(fresh));
    const moving = makeQuery({ dbId: 1, sql: 'z', startDttm: Date.now() - 120_000 });
    state = reduce(state, queryStarted(moving));
    state = reduce(
      state,
      queriesRefreshed([
        record({ id: moving.id, progress: 40, state: 'running', startDttm: moving.startDttm }),
      ]),
    );
    const next = reduce(state, inactiveQueriesCleared(60_000));
    expect(next.queries[old.id]).toBeUndefined();
    expect(next.queries[fresh.id]).toBeDefined();
    expect(next.queries[moving.id]).toBeDefined();
  });

  it('gives the others the status of their results when they have a results key', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const payload = {
      ...results(1),
      query: record({ id: query.id, resultsKey: 'k', state: 'success' }),
    };
    const done = reduce(state, querySucceeded({ id: query.id, results: payload }));
    const fetching = reduce(done, queryResultsRequested(query.id));
    expect(reduce(fetching, inactiveQueriesCleared(60_000)).queries[query.id]?.state).toBe(
      'success',
    );
  });
});

describe('results kept or cleared, and offline', () => {
  it('clears the results of a query and keeps them cleared until asked again', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const done = reduce(state, querySucceeded({ id: query.id, results: results(2) }));
    const cleared = reduce(done, queryResultsCleared(query.id)).queries[query.id];
    expect(cleared).toMatchObject({ results: null, cached: true, state: 'success' });
    const restored = reduce(
      reduce(done, queryResultsCleared(query.id)),
      queryResultsRestored(query.id),
    );
    expect(restored.queries[query.id]?.cached).toBe(false);
  });

  it('re-fetching moves a finished query back to fetching then success', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const done = reduce(state, querySucceeded({ id: query.id, results: results(2) }));
    const again = reduce(done, queryResultsRequested(query.id));
    expect(again.queries[query.id]?.state).toBe('fetching');
    const back = reduce(again, querySucceeded({ id: query.id, results: results(5) }));
    expect(back.queries[query.id]?.results?.data).toHaveLength(5);
  });

  it('goes offline when polling fails and recovers', () => {
    const base = workspaceWith();
    const offline = reduce(base, offlineSet(true));
    expect(offline.offline).toBe(true);
    expect(reduce(offline, offlineSet(false)).offline).toBe(false);
  });

  it('stores results frozen so large row arrays are never copied', () => {
    const { state, query } = started(workspaceWith(), { dbId: 1, sql: 'x' });
    const done = reduce(state, querySucceeded({ id: query.id, results: results(3) }));
    expect(Object.isFrozen(done.queries[query.id]?.results)).toBe(true);
  });
});
