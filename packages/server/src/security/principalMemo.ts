import type { MetadataChanges } from '../platform/metadata/changes.ts';

/**
 * A per-process memo of what authentication reads on every request (a user with its roles and
 * their permission pairs, the Public role), so an API call does not cost three metadata queries
 * before its handler runs. An entry serves only while the metadata store's change counter has not
 * moved since its load began (any write this process makes to users, roles or grants moves it, so
 * a removed role or a deactivated user is seen by the very next request) and for at most
 * `PRINCIPAL_TTL_MS`, the bound on how long another server process's change can go unseen.
 * Concurrent misses of one key share one load. Values are shared between requests: callers freeze
 * them.
 */

export const PRINCIPAL_TTL_MS = 5_000;
/** Beyond this many keys the memo starts over rather than tracking an LRU order. */
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  generation: number;
  loadedAt: number;
  value: Promise<V>;
}

export class PrincipalMemo<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    /** Absent (a store without a counter): nothing is kept. */
    private readonly changes: MetadataChanges | undefined,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = PRINCIPAL_TTL_MS,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const changes = this.changes;
    if (!changes) return load();
    const generation = changes.generation();
    const started = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && started - hit.loadedAt < this.ttlMs) {
      return hit.value;
    }
    const value = load();
    const entry: Entry<V> = { generation, loadedAt: started, value };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    // A change during the load may or may not be in what was read: use it once, keep it not.
    // A failed load is not kept either.
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then(() => {
      if (changes.generation() !== generation) forget();
    }, forget);
    return value;
  }
}
