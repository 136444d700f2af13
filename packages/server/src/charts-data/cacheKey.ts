import { createHash } from 'node:crypto';
import type { QueryObject, ResultType } from '@tessera/shared/api/chartData';

/**
 * Superset's cache key: a digest of the query object (with its unresolved `time_range`, so a
 * relative range is cached for its timeout) plus the datasource and its version, the row-level
 * security that applies, the result type, post-processing and time offsets.
 */
export interface CacheKeyInput {
  query: QueryObject;
  datasourceId: number | string;
  datasourceVersion: unknown;
  rlsClauses: readonly string[];
  resultType: ResultType;
  /** Set when templates may read the user, so one user's answer never serves another. */
  userId: number | null;
}

/** JSON with object keys sorted, so equal query objects give equal keys. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function chartDataCacheKey(input: CacheKeyInput): string {
  return createHash('sha256')
    .update(
      stable({
        query: input.query,
        datasource: input.datasourceId,
        version: input.datasourceVersion,
        rls: input.rlsClauses,
        result_type: input.resultType,
        user: input.userId,
      }),
    )
    .digest('hex');
}

/**
 * Timeout precedence: the query context's custom timeout, the chart's, the dataset's, the
 * database's, then the configured default (one day).
 */
export function cacheTimeout(
  candidates: Array<number | null | undefined>,
  fallback: number,
): number {
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return fallback;
}
