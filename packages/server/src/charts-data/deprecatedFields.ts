import { QueryObject } from '@tessera/shared/api/chartData';
import { invalidInput } from './invalidInput.ts';

/**
 * Superset still reads a query object's deprecated fields (query_object.py's DEPRECATED_FIELDS
 * and DEPRECATED_EXTRAS_FIELDS): a non-empty old field replaces the new one, and top-level
 * `where`/`having` move into `extras`. Plugins still send some (the sankey sends `groupby`).
 */
const RENAMED = [
  ['granularity_sqla', 'granularity'],
  ['groupby', 'columns'],
  ['timeseries_limit', 'series_limit'],
  ['timeseries_limit_metric', 'series_limit_metric'],
] as const;
const INTO_EXTRAS = ['where', 'having'] as const;

/** Python's truthiness, which decides whether an old field counts. */
const truthy = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== false &&
  value !== 0 &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** Whether a query object holds any deprecated field (checked without allocating). */
export function hasDeprecatedFields(query: QueryObject): boolean {
  for (const [old] of RENAMED) if (old in query) return true;
  for (const old of INTO_EXTRAS) if (old in query) return true;
  return false;
}

/**
 * The query object under current names: itself when it has no deprecated field, else a copy
 * checked against the query-object schema (a wrong old field is the same 400 as a wrong new one).
 */
export function withCurrentFieldNames(query: QueryObject): QueryObject {
  if (!hasDeprecatedFields(query)) return query;
  const raw = query as Record<string, unknown>;
  const next: Record<string, unknown> = { ...raw };
  for (const [old, current] of RENAMED) {
    if (truthy(raw[old])) next[current] = raw[old];
    delete next[old];
  }
  const extras: Record<string, unknown> = { ...(query.extras ?? {}) };
  for (const old of INTO_EXTRAS) {
    if (truthy(raw[old])) extras[old] = raw[old];
    delete next[old];
  }
  next.extras = extras;
  const parsed = QueryObject.safeParse(next);
  if (parsed.success) return parsed.data;
  const rename = Object.fromEntries(
    RENAMED.filter(([old]) => truthy(raw[old])).map(([old, current]) => [current, old]),
  );
  throw invalidInput(parsed.error.issues, rename);
}
