import type { Query, QueryEditor, SqlLabState, SqlLabTable } from '../state/types.ts';
import {
  LOCAL_STORAGE_MAX_QUERY_RESULTS_KB,
  LOCAL_STORAGE_MAX_USAGE_KB,
  LOCAL_STORAGE_QUERY_MAX_AGE_MS,
  LOCAL_STORAGE_RESULT_SETS_KEPT_NEAR_BUDGET,
  LOCAL_STORAGE_WARNING_THRESHOLD,
} from './limits.ts';

/** The part of the workspace kept in the browser's local storage, and how it is trimmed. */

export const LOCAL_STORAGE_KEY = 'tessera.sqllab';
const FORMAT_VERSION = 1;

export interface LocalWorkspace {
  formatVersion: number;
  queryEditors: QueryEditor[];
  tabHistory: string[];
  tables: SqlLabTable[];
  queries: Record<string, Query>;
  destroyedQueryEditors: Record<string, number>;
  lastUpdatedActiveTab: string | null;
  queriesLastUpdate: number;
}

/** Size of a value as JSON text, in KB (UTF-16: two bytes a character, as browsers count). */
export function estimateSizeKb(value: unknown): number {
  if (value === undefined || value === null) return 0;
  return (JSON.stringify(value).length * 2) / 1024;
}

/** Drops results older than one day or larger than 1024 KB. */
export function withoutStaleResults(
  queries: Record<string, Query>,
  now: number,
): Record<string, Query> {
  const out: Record<string, Query> = {};
  for (const [id, query] of Object.entries(queries)) {
    const tooOld = now - query.startDttm > LOCAL_STORAGE_QUERY_MAX_AGE_MS;
    const tooBig =
      query.results !== null && estimateSizeKb(query.results) > LOCAL_STORAGE_MAX_QUERY_RESULTS_KB;
    out[id] = tooOld || tooBig ? { ...query, results: null } : query;
  }
  return out;
}

/** Keeps the results of only the newest `keep` runs. */
function keepNewestResults(queries: Record<string, Query>, keep: number): Record<string, Query> {
  const newest = new Set(
    Object.values(queries)
      .filter((q) => q.results)
      .sort((a, b) => b.startDttm - a.startDttm)
      .slice(0, keep)
      .map((q) => q.id),
  );
  return Object.fromEntries(
    Object.entries(queries).map(([id, q]) => [id, newest.has(id) ? q : { ...q, results: null }]),
  );
}

export interface Snapshot {
  workspace: LocalWorkspace;
  /** Estimated size of what is written, in KB. */
  sizeKb: number;
  /** True when the size passed the warning threshold before trimming. */
  nearBudget: boolean;
}

/** What goes to local storage: editors with pending edits, runs with results trimmed. */
export function snapshotOf(state: SqlLabState, now: number = Date.now()): Snapshot {
  const unsaved = state.unsavedQueryEditor;
  const queryEditors = state.queryEditors.map((qe) =>
    unsaved.id === qe.id ? { ...qe, ...unsaved } : qe,
  );
  const workspace: LocalWorkspace = {
    formatVersion: FORMAT_VERSION,
    queryEditors,
    tabHistory: state.tabHistory.slice(-50),
    tables: state.tables,
    queries: withoutStaleResults(state.queries, now),
    destroyedQueryEditors: state.destroyedQueryEditors,
    lastUpdatedActiveTab: state.lastUpdatedActiveTab,
    queriesLastUpdate: state.queriesLastUpdate,
  };
  let sizeKb = estimateSizeKb(workspace);
  const nearBudget = sizeKb > LOCAL_STORAGE_MAX_USAGE_KB * LOCAL_STORAGE_WARNING_THRESHOLD;
  if (nearBudget) {
    workspace.queries = keepNewestResults(
      workspace.queries,
      LOCAL_STORAGE_RESULT_SETS_KEPT_NEAR_BUDGET,
    );
    sizeKb = estimateSizeKb(workspace);
    if (sizeKb > LOCAL_STORAGE_MAX_USAGE_KB) {
      workspace.queries = keepNewestResults(workspace.queries, 0);
      sizeKb = estimateSizeKb(workspace);
    }
  }
  return { workspace, sizeKb, nearBudget };
}

export function writeLocalWorkspace(storage: Storage, workspace: LocalWorkspace): boolean {
  try {
    storage.setItem(LOCAL_STORAGE_KEY, JSON.stringify(workspace));
    return true;
  } catch {
    // Quota exceeded or storage disabled: the workspace still lives in memory (and on the server).
    return false;
  }
}

export function readLocalWorkspace(storage: Storage | undefined): LocalWorkspace | null {
  try {
    const raw = storage?.getItem(LOCAL_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalWorkspace;
    if (parsed.formatVersion !== FORMAT_VERSION || !Array.isArray(parsed.queryEditors)) return null;
    return parsed;
  } catch {
    return null;
  }
}
