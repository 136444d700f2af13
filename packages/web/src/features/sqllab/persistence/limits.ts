/**
 * Local-storage limits of SQL Lab (spec sections 5 and 9). The spec gives the numbers; their
 * roles follow Superset's client: a storage budget, a warning threshold with a throttle, and
 * results trimmed when space runs short.
 */

/** Results of a run older than one day are not kept in local storage. */
export const LOCAL_STORAGE_QUERY_MAX_AGE_MS = 86_400_000;
/** Results whose estimated size passes this many KB are not kept in local storage. */
export const LOCAL_STORAGE_MAX_QUERY_RESULTS_KB = 1024;
/** The storage budget of the whole workspace, in KB (5 MB, what browsers give a site). */
export const LOCAL_STORAGE_MAX_USAGE_KB = 5120;
/** The usage warning is shown at most once in this many milliseconds. */
export const LOCAL_STORAGE_WARNING_THROTTLE_MS = 8000;
/** Share of the budget past which the user is warned and results are trimmed. */
export const LOCAL_STORAGE_WARNING_THRESHOLD = 0.9;
/** Past the threshold, only this many of the newest result sets stay in local storage. */
export const LOCAL_STORAGE_RESULT_SETS_KEPT_NEAR_BUDGET = 5;

/** The warning shown when the workspace nears the storage budget. */
export function storageWarning(usedKb: number): string {
  return `SQL Lab keeps your tabs and results in this browser's local storage. You are using ${Math.round(usedKb)} KB of ${LOCAL_STORAGE_MAX_USAGE_KB} KB. Close some tabs to free space (save a query first to keep it).`;
}
