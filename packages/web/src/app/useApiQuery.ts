import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { isAbortError, toClientErrorObject } from './api.ts';

export interface ApiQuery<T> {
  data: T | undefined;
  error: ClientErrorObject | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data for a component and reloads when `deps` change; an outdated call is aborted so a
 * slow answer never overwrites a newer one.
 */
export function useApiQuery<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: { enabled?: boolean } = {},
): ApiQuery<T> {
  const enabled = options.enabled ?? true;
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [token, setToken] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `load` depends on
  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal)
      .then((value) => {
        setData(value);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!isAbortError(failure)) setError(toClientErrorObject(failure));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [...deps, enabled, token]);

  const reload = useCallback(() => setToken((n) => n + 1), []);
  return { data, error, loading, reload };
}
