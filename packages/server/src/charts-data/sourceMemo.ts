import { type LoadedDataset, loadDataset } from '../datasets/model.ts';
import { deepFreeze } from '../platform/deepFreeze.ts';
import type { MetadataStore } from '../platform/metadata/store.ts';
import { type RlsRuleRef, rlsRepository } from '../rls/repository.ts';

/**
 * A per-process memo of what chart data reads of a dataset before its cache lookup (the row,
 * database, columns, metrics, owners and the table's RLS rules), so a cached answer costs no
 * metadata query. Who may read it and which rules apply are still decided per request from the
 * caller's roles. An entry is used only while the store's change counter has not moved since it
 * was read (any write of this process moves it) and for at most `SNAPSHOT_TTL_MS`, the bound on
 * how long another process's edit (a second server on the same store) can go unseen.
 */

export const SNAPSHOT_TTL_MS = 5_000;
/** Beyond this many datasets the memo starts over rather than tracking an LRU order. */
const MAX_ENTRIES = 2_000;

export interface DatasetSnapshot<Derived> {
  dataset: LoadedDataset;
  rlsRules: RlsRuleRef[];
  /** What the caller computes once from the dataset (the compiler's view, the cache version). */
  derived: Derived;
}

interface Entry {
  generation: number;
  loadedAt: number;
  snapshot: DatasetSnapshot<unknown>;
}

const memos = new WeakMap<MetadataStore, Map<number, Entry>>();

async function load<Derived>(
  store: MetadataStore,
  id: number,
  derive: (dataset: LoadedDataset) => Derived,
): Promise<DatasetSnapshot<Derived> | undefined> {
  const [dataset, rlsRules] = await Promise.all([
    loadDataset(store, id),
    rlsRepository.rulesForTable(store.db, id),
  ]);
  if (!dataset) return undefined;
  return deepFreeze({ dataset, rlsRules, derived: derive(dataset) });
}

/** The dataset `id` with its RLS rules, from the memo when nothing changed since; undefined if absent. */
export async function datasetSnapshot<Derived>(
  store: MetadataStore,
  id: number,
  derive: (dataset: LoadedDataset) => Derived,
  now: () => number = Date.now,
): Promise<DatasetSnapshot<Derived> | undefined> {
  const changes = store.changes;
  if (!changes) return load(store, id, derive);
  let memo = memos.get(store);
  if (!memo) {
    memo = new Map();
    memos.set(store, memo);
  }
  const generation = changes.generation();
  const started = now();
  const hit = memo.get(id);
  if (hit && hit.generation === generation && started - hit.loadedAt < SNAPSHOT_TTL_MS) {
    return hit.snapshot as DatasetSnapshot<Derived>;
  }
  const snapshot = await load(store, id, derive);
  // A change during the load may or may not be in what was read: use it once, keep it not.
  if (!snapshot || changes.generation() !== generation) {
    memo.delete(id);
    return snapshot;
  }
  if (memo.size >= MAX_ENTRIES) memo.clear();
  memo.set(id, { generation, loadedAt: started, snapshot });
  return snapshot;
}
