import { describe, expect, it } from 'vitest';
import { makeQuery, results, workspaceWith } from '../state/testSupport.ts';
import type { Query } from '../state/types.ts';
import {
  LOCAL_STORAGE_MAX_QUERY_RESULTS_KB,
  LOCAL_STORAGE_MAX_USAGE_KB,
  LOCAL_STORAGE_QUERY_MAX_AGE_MS,
  LOCAL_STORAGE_RESULT_SETS_KEPT_NEAR_BUDGET,
  LOCAL_STORAGE_WARNING_THRESHOLD,
  LOCAL_STORAGE_WARNING_THROTTLE_MS,
} from './limits.ts';
import {
  estimateSizeKb,
  readLocalWorkspace,
  snapshotOf,
  withoutStaleResults,
  writeLocalWorkspace,
} from './localWorkspace.ts';

function withResults(rows: number, startDttm: number): Query {
  return {
    ...makeQuery({ dbId: 1, sql: 'x', startDttm }),
    state: 'success',
    results: results(rows),
  };
}

describe('local-storage limits (spec sections 5 and 9)', () => {
  it('uses the spec numbers', () => {
    expect(LOCAL_STORAGE_QUERY_MAX_AGE_MS).toBe(86_400_000);
    expect(LOCAL_STORAGE_MAX_QUERY_RESULTS_KB).toBe(1024);
    expect(LOCAL_STORAGE_MAX_USAGE_KB).toBe(5120);
    expect(LOCAL_STORAGE_WARNING_THROTTLE_MS).toBe(8000);
    expect(LOCAL_STORAGE_WARNING_THRESHOLD).toBe(0.9);
    expect(LOCAL_STORAGE_RESULT_SETS_KEPT_NEAR_BUDGET).toBe(5);
  });

  it('drops results older than one day', () => {
    const now = 10 * LOCAL_STORAGE_QUERY_MAX_AGE_MS;
    const old = withResults(2, now - LOCAL_STORAGE_QUERY_MAX_AGE_MS - 1);
    const recent = withResults(2, now - 1000);
    const kept = withoutStaleResults({ [old.id]: old, [recent.id]: recent }, now);
    expect(kept[old.id]?.results).toBeNull();
    expect(kept[old.id]?.sql).toBe('x');
    expect(kept[recent.id]?.results?.data).toHaveLength(2);
  });

  it('drops results estimated above 1024 KB', () => {
    const now = Date.now();
    const big = withResults(60_000, now);
    expect(estimateSizeKb(big.results)).toBeGreaterThan(1024);
    expect(withoutStaleResults({ [big.id]: big }, now)[big.id]?.results).toBeNull();
  });

  it('keeps only the newest result sets past the warning threshold', () => {
    const state = workspaceWith();
    const now = Date.now();
    // Ten result sets of ~560 KB: past 0.9 x 5120 KB together.
    for (let i = 0; i < 10; i++) {
      const query = withResults(24_000, now - i * 1000);
      state.queries[query.id] = query;
    }
    const snapshot = snapshotOf(state, now);
    expect(snapshot.nearBudget).toBe(true);
    const kept = Object.values(snapshot.workspace.queries).filter((q) => q.results);
    expect(kept.length).toBeLessThanOrEqual(LOCAL_STORAGE_RESULT_SETS_KEPT_NEAR_BUDGET);
    expect(snapshot.sizeKb).toBeLessThanOrEqual(LOCAL_STORAGE_MAX_USAGE_KB);
  });

  it('writes and reads the workspace with the pending edits of the active tab', () => {
    const state = workspaceWith();
    state.unsavedQueryEditor = { id: state.queryEditors[0]?.id, sql: 'SELECT 99' };
    writeLocalWorkspace(window.localStorage, snapshotOf(state).workspace);
    const read = readLocalWorkspace(window.localStorage);
    expect(read?.queryEditors[0]?.sql).toBe('SELECT 99');
    window.localStorage.setItem('tessera.sqllab', '{not json');
    expect(readLocalWorkspace(window.localStorage)).toBeNull();
  });
});
