/**
 * The items a chip control (columns, metrics) shows. A single-value control holds one item, yet
 * a fresh chart's default is often `[]` and saved charts (Superset's too) may keep the one value
 * as a one-item list: either way it shows that value, or no chip at all, never an empty chip.
 */
export function chipValues<T>(value: unknown, multi: boolean): T[] {
  const items: unknown[] = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  const present = items.filter((item) => item !== null && item !== undefined && item !== '');
  return (multi ? present : present.slice(0, 1)) as T[];
}
