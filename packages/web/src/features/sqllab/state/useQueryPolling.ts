import { useEffect } from 'react';
import { useSqlLabDispatch, useSqlLabSelector } from './hooks.ts';
import { selectHasActiveQueries, selectOffline } from './selectors.ts';
import { pollQueries } from './thunks/queries.ts';

/** SQL Lab's poll delay for asynchronous runs (spec section 9). */
export const QUERY_POLL_DELAY_MS = 500;

/**
 * Polls `updated_since` every 500 ms while any run is active, and while the workspace is offline
 * (so it notices when the server is back).
 */
export function useQueryPolling(): void {
  const dispatch = useSqlLabDispatch();
  const active = useSqlLabSelector(selectHasActiveQueries);
  const offline = useSqlLabSelector(selectOffline);

  useEffect(() => {
    if (!active && !offline) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await dispatch(pollQueries(controller.signal));
      if (!controller.signal.aborted) timer = setTimeout(tick, QUERY_POLL_DELAY_MS);
    };
    timer = setTimeout(tick, QUERY_POLL_DELAY_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [dispatch, active, offline]);
}
