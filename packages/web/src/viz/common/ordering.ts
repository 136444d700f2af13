/** Ordering of chart values the user sorts by: tables' columns, heatmap axes. */

const natural = new Intl.Collator(undefined, { numeric: true });

const isMissing = (value: unknown) => value === null || value === undefined;

/** Numbers by value, anything else as text in natural order (`2` before `10`). */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return natural.compare(String(a), String(b));
}

/**
 * A comparator of items by `value(item)` in either direction, NULLs last both ways (as
 * Superset's tables show N/A): a descending sort leads with the largest value, not with N/A.
 */
export function nullsLast<T>(
  value: (item: T) => unknown,
  desc: boolean,
  compare: (a: unknown, b: unknown) => number = compareValues,
): (a: T, b: T) => number {
  const sign = desc ? -1 : 1;
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    if (isMissing(x) || isMissing(y)) return Number(isMissing(x)) - Number(isMissing(y));
    return sign * compare(x, y);
  };
}
