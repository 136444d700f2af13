import { useEffect } from 'react';
import { LOG_EVENTS } from '../../../app/eventLogger.ts';
import { logSqlLabEvent } from '../state/eventLog.ts';
import { useSqlLabDispatch, useSqlLabStore } from '../state/hooks.ts';
import type { SqlLabServices } from '../state/store.ts';
import { syncWorkspace, TAB_SYNC_INTERVAL_MS } from './backendSync.ts';
import { LOCAL_STORAGE_WARNING_THROTTLE_MS, storageWarning } from './limits.ts';
import { snapshotOf, writeLocalWorkspace } from './localWorkspace.ts';

/** How long local writes wait for more changes (typing changes the state on each key). */
const LOCAL_WRITE_DEBOUNCE_MS = 500;

/**
 * Keeps the workspace in local storage (debounced, trimmed to the spec's limits, with a throttled
 * warning near the budget) and, with backend persistence, syncs tabs every 5000 ms.
 */
export function usePersistence(toast: SqlLabServices['toast'], enabled: boolean): void {
  const store = useSqlLabStore();
  const dispatch = useSqlLabDispatch();

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastWarning = 0;
    let lastState = store.getState().sqlLab;
    const write = () => {
      timer = undefined;
      const snapshot = snapshotOf(store.getState().sqlLab);
      writeLocalWorkspace(window.localStorage, snapshot.workspace);
      const now = Date.now();
      if (snapshot.nearBudget && now - lastWarning > LOCAL_STORAGE_WARNING_THROTTLE_MS) {
        lastWarning = now;
        toast('warning', storageWarning(snapshot.sizeKb));
        logSqlLabEvent(store.getState(), LOG_EVENTS.sqllabWarnLocalStorageUsage, {
          current_usage: Math.round(snapshot.sizeKb),
          query_count: Object.keys(snapshot.workspace.queries).length,
        });
      }
    };
    const unsubscribe = store.subscribe(() => {
      const next = store.getState().sqlLab;
      if (next === lastState || !next.initialized) return;
      lastState = next;
      if (timer === undefined) timer = setTimeout(write, LOCAL_WRITE_DEBOUNCE_MS);
    });
    const flush = () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        write();
      }
    };
    window.addEventListener('beforeunload', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('beforeunload', flush);
      flush();
    };
  }, [store, toast, enabled]);

  useEffect(() => {
    if (!enabled || !store.getState().sqlLab.settings.backendPersistence) return;
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await dispatch(syncWorkspace());
      } finally {
        running = false;
      }
    };
    const interval = setInterval(tick, TAB_SYNC_INTERVAL_MS);
    // Changes of the last seconds are written before the page goes away, as far as a browser lets.
    window.addEventListener('pagehide', tick);
    return () => {
      clearInterval(interval);
      window.removeEventListener('pagehide', tick);
    };
  }, [dispatch, store, enabled]);
}
