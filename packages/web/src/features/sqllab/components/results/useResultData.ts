import type { ResultColumnSchema } from '@tessera/shared/api/sqllab';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { useEffect, useMemo, useState } from 'react';
import { isAbortError, toClientErrorObject } from '../../../../app/api.ts';
import { arrowGridData } from '../../../../components/DataGrid/arrowData.ts';
import type { GridData } from '../../../../components/DataGrid/types.ts';
import type { Query } from '../../state/types.ts';
import { jsonResultGridData } from './jsonGridData.ts';
import { fetchArrowResults } from './resultsApi.ts';

export interface ResultData {
  data: GridData | null;
  /** Where the rows came from: the JSON payload in the workspace, or the Arrow stream. */
  source: 'json' | 'arrow' | null;
  loading: boolean;
  error: ClientErrorObject | null;
  /** True when fewer rows are shown than the result holds. */
  displayLimitReached: boolean;
  /** The result's columns as the server describes them (names, types, is_dttm). */
  columns: ResultColumnSchema[];
  reload: () => void;
}

interface Loaded {
  data: GridData;
  displayLimitReached: boolean;
  columns: ResultColumnSchema[];
}

// The last few Arrow results by key: switching tabs or panes does not download them again.
const CACHE_SIZE = 3;
const arrowCache = new Map<string, Loaded>();

function remember(key: string, value: Loaded): void {
  arrowCache.delete(key);
  arrowCache.set(key, value);
  while (arrowCache.size > CACHE_SIZE) {
    const oldest = arrowCache.keys().next().value;
    if (oldest === undefined) break;
    arrowCache.delete(oldest);
  }
}

/** Forgets cached rows (after "clear results"). */
export function forgetArrowResults(key: string | null | undefined): void {
  if (key) arrowCache.delete(key);
}

/**
 * The rows of a finished run. A JSON payload already in the workspace that holds every row is
 * shown as it is; otherwise (a stored result, or a payload the server cut at its display limit)
 * the rows come through the Arrow stream, read straight from its column vectors.
 */
export function useResultData(query: Query | null, timeoutSeconds = 0): ResultData {
  const [arrow, setArrow] = useState<{ key: string; loaded: Loaded } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const [token, setToken] = useState(0);

  const results = query?.results ?? null;
  // Cleared by the user ("Clear the results"): nothing loads until they ask again.
  const cleared = query?.cached === true && results === null;
  const jsonComplete = results !== null && results.data.length > 0 && !results.displayLimitReached;
  const jsonEmpty = results !== null && results.data.length === 0 && !results.displayLimitReached;
  const key = query?.state === 'success' && query.resultsKey && !cleared ? query.resultsKey : null;
  const wantArrow = key !== null && !jsonComplete && !jsonEmpty;

  useEffect(() => {
    if (!wantArrow || !key) {
      setLoading(false);
      setError(null);
      return;
    }
    const cached = token === 0 ? arrowCache.get(key) : undefined;
    if (cached) {
      setArrow({ key, loaded: cached });
      setError(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchArrowResults(key, { signal: controller.signal, timeoutSeconds })
      .then((answer) => {
        const loaded = {
          data: arrowGridData(answer.table, answer.columns),
          displayLimitReached: answer.displayLimitReached,
          columns: answer.columns,
        };
        remember(key, loaded);
        setArrow({ key, loaded });
      })
      .catch((failure: unknown) => {
        if (!isAbortError(failure)) setError(toClientErrorObject(failure));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [wantArrow, key, token, timeoutSeconds]);

  const jsonData = useMemo(
    () => (results ? jsonResultGridData(results.data, results.columns) : null),
    [results],
  );

  return useMemo(() => {
    const reload = () => {
      forgetArrowResults(key);
      setToken((n) => n + 1);
    };
    if (wantArrow && arrow && arrow.key === key) {
      return {
        data: arrow.loaded.data,
        source: 'arrow',
        loading,
        error,
        displayLimitReached: arrow.loaded.displayLimitReached,
        columns: arrow.loaded.columns.length ? arrow.loaded.columns : (results?.columns ?? []),
        reload,
      };
    }
    if (!wantArrow && jsonData) {
      return {
        data: jsonData,
        source: 'json',
        loading: false,
        error: null,
        displayLimitReached: Boolean(results?.displayLimitReached),
        columns: results?.columns ?? [],
        reload,
      };
    }
    // While the Arrow rows load (or when they cannot), the JSON rows already here are shown.
    return {
      data: jsonData && jsonData.numRows > 0 ? jsonData : null,
      source: jsonData && jsonData.numRows > 0 ? 'json' : null,
      loading: wantArrow && (loading || !arrow || arrow.key !== key) && !error,
      error,
      displayLimitReached: Boolean(results?.displayLimitReached),
      columns: results?.columns ?? [],
      reload,
    };
  }, [wantArrow, arrow, key, loading, error, jsonData, results]);
}
