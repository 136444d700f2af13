import { hash } from 'node:crypto';
import type { ResultType } from '@tessera/shared/api/chartData';

/**
 * Superset's cache key: a digest of the query object (with its unresolved `time_range`, so a
 * relative range is cached for its timeout) plus the datasource and its version, the row-level
 * security that applies, the result type, post-processing and time offsets.
 */
export interface CacheKeyInput {
  /** The query object as `queryJsonOf` wrote it (the caller also reads it for templates). */
  queryJson: string;
  datasourceId: number | string;
  datasourceVersion: unknown;
  rlsClauses: readonly string[];
  resultType: ResultType;
  /** Set when templates may read the user, so one user's answer never serves another. */
  userId: number | null;
}

/** JSON with object keys sorted, so equal query objects give equal keys. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const queryJsonMemo = new WeakMap<object, string>();

/**
 * `stableJson` of a query object. A frozen one is a remembered request body's (`bodyMemo.ts`),
 * the same object every time that body comes again, so its JSON is written once.
 */
export function queryJsonOf(query: object): string {
  if (!Object.isFrozen(query)) return stableJson(query);
  let json = queryJsonMemo.get(query);
  if (json === undefined) {
    json = stableJson(query);
    queryJsonMemo.set(query, json);
  }
  return json;
}

/** Recent digests by their text: a repeated call looks its key up instead of hashing again. */
const digests = new Map<string, string>();
const MAX_DIGESTS = 1_024;

/** Whether JSON text holds a Jinja block or expression (then the user may change the answer). */
export const hasTemplateText = (json: string) => json.includes('{{') || json.includes('{%');

/**
 * The digest of the key's parts as one sorted-key JSON object. The query's JSON comes in already
 * written, so each request serialises it once; the text is the same `stableJson` of the whole
 * object would give, so keys stay as they were.
 */
export function chartDataCacheKey(input: CacheKeyInput): string {
  const known = keysByQuery.get(input.queryJson);
  if (known && sameKeyInput(known.input, input)) return known.key;
  const key = digestOf(input);
  if (keysByQuery.size >= MAX_DIGESTS) keysByQuery.clear();
  keysByQuery.set(input.queryJson, { input, key });
  return key;
}

/**
 * The last key of each query JSON with what else it was made of. A repeated call brings the same
 * query JSON string (`queryJsonOf`), whose hash V8 keeps, and the same datasource version
 * string, so finding its key compares a few values instead of writing and hashing the key text.
 */
const keysByQuery = new Map<string, { input: CacheKeyInput; key: string }>();

function sameKeyInput(a: CacheKeyInput, b: CacheKeyInput): boolean {
  return (
    a.datasourceId === b.datasourceId &&
    a.datasourceVersion === b.datasourceVersion &&
    a.resultType === b.resultType &&
    a.userId === b.userId &&
    a.rlsClauses.length === b.rlsClauses.length &&
    a.rlsClauses.every((clause, i) => clause === b.rlsClauses[i])
  );
}

function digestOf(input: CacheKeyInput): string {
  const text =
    `{"datasource":${stableJson(input.datasourceId)}` +
    `,"query":${input.queryJson}` +
    `,"result_type":${stableJson(input.resultType)}` +
    `,"rls":${stableJson(input.rlsClauses)}` +
    `,"user":${stableJson(input.userId)}` +
    `,"version":${stableJson(input.datasourceVersion)}}`;
  let key = digests.get(text);
  if (key === undefined) {
    key = hash('sha256', text, 'hex');
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digests.set(text, key);
  }
  return key;
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
