import { badRequest } from '@tessera/shared/errors';
import type { Cell } from './frame.ts';

/**
 * Reductions as Superset's numpy/pandas ones compute them: nulls skipped, sample standard
 * deviation and variance (ddof 1, pandas' groupby default), percentiles by linear interpolation.
 */

export type Reducer = (values: Cell[], options?: Record<string, unknown>) => Cell;

const numbers = (values: Cell[]) =>
  values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));

export function quantile(sorted: ArrayLike<number>, q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const a = sorted[low] as number;
  const b = sorted[high] as number;
  return a + (b - a) * (position - low);
}

const sortedNumbers = (values: Cell[]) => numbers(values).sort((x, y) => x - y);

function variance(values: Cell[], ddof = 1): number | null {
  const xs = numbers(values);
  if (xs.length - ddof <= 0) return null;
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  return xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - ddof);
}

const sum: Reducer = (values) => numbers(values).reduce((s, x) => s + x, 0);
const mean: Reducer = (values) => {
  const xs = numbers(values);
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
};
const median: Reducer = (values) => quantile(sortedNumbers(values), 0.5);
/** percentile's `q` option (0-100, default 50) as a fraction. */
export function percentileFraction(options: Record<string, unknown> | undefined): number {
  const q = Number(options?.q ?? 50);
  if (!Number.isFinite(q) || q < 0 || q > 100)
    throw badRequest('percentile q must be between 0 and 100');
  return q / 100;
}

const percentile: Reducer = (values, options) =>
  quantile(sortedNumbers(values), percentileFraction(options));
const min: Reducer = (values) => {
  const xs = numbers(values);
  return xs.length ? Math.min(...xs) : null;
};
const max: Reducer = (values) => {
  const xs = numbers(values);
  return xs.length ? Math.max(...xs) : null;
};
const count: Reducer = (values) => values.filter((v) => v !== null).length;
const prod: Reducer = (values) => numbers(values).reduce((p, x) => p * x, 1);
const std: Reducer = (values) => {
  const v = variance(values);
  return v === null ? null : Math.sqrt(v);
};

/** Superset's aggregate operator names (numpy function names, nan-variants included). */
export const REDUCERS: Record<string, Reducer> = {
  sum,
  nansum: sum,
  mean,
  average: mean,
  nanmean: mean,
  median,
  nanmedian: median,
  percentile,
  nanpercentile: percentile,
  min,
  nanmin: min,
  max,
  nanmax: max,
  count,
  count_nonzero: (values) => numbers(values).filter((x) => x !== 0).length,
  prod,
  product: prod,
  std,
  nanstd: std,
  var: (values) => variance(values),
  nanvar: (values) => variance(values),
};

export function reducer(name: unknown, label: string): Reducer {
  if (name === undefined || name === null)
    throw badRequest(`Operator undefined for aggregator: ${label}`);
  const found = REDUCERS[String(name)];
  if (!found) throw badRequest(`Invalid numpy function: ${String(name)}`);
  return found;
}

/** pandas sort order for group keys: numbers, then strings; booleans as numbers. */
export function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function compareKeys(a: Cell[], b: Cell[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareCells(a[i] as Cell, b[i] as Cell);
    if (c !== 0) return c;
  }
  return 0;
}
