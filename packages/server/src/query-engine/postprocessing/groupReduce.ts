import type { Cell, CellColumn } from './frame.ts';
import { CELL_NULL, type NumericView, numericView } from './numberColumn.ts';
import { percentileFraction, quantile } from './stats.ts';

/**
 * Superset's aggregate operators over every group at once: one pass over the rows into typed
 * accumulators (two passes for var and std), instead of a list of cells per group. Each result
 * equals what `REDUCERS` gives for the group's cells in row order, to the last bit: the sums are
 * taken in the same order, and var/std keep the two-pass formula; median and percentile sort
 * each group's numbers once.
 */

/** A group's result, or null for a group without rows. */
type GroupedReducer = (
  view: NumericView,
  groupOfRow: Int32Array,
  groups: number,
  options: Record<string, unknown>,
) => Cell[];

/** How many rows each group has. */
export function rowCounts(groupOfRow: Int32Array, groups: number): Int32Array {
  const counts = new Int32Array(groups);
  for (const group of groupOfRow) if (group >= 0) counts[group]++;
  return counts;
}

/** Sums and counts of the numbers of each group (null, NaN and text skipped, as numpy's nan*). */
function sumsOf({ numbers }: NumericView, groupOfRow: Int32Array, groups: number) {
  const sums = new Float64Array(groups);
  const counts = new Float64Array(groups);
  for (let row = 0; row < groupOfRow.length; row++) {
    const group = groupOfRow[row] as number;
    const x = numbers[row] as number;
    if (group < 0 || Number.isNaN(x)) continue;
    sums[group] += x;
    counts[group]++;
  }
  return { sums, counts };
}

/** Folds each group's numbers with `step` from `start`; null where a group has no number. */
function fold(start: number, step: (acc: number, x: number) => number): GroupedReducer {
  return ({ numbers }, groupOfRow, groups) => {
    const acc = new Float64Array(groups).fill(start);
    const counts = new Float64Array(groups);
    for (let row = 0; row < groupOfRow.length; row++) {
      const group = groupOfRow[row] as number;
      const x = numbers[row] as number;
      if (group < 0 || Number.isNaN(x)) continue;
      acc[group] = step(acc[group] as number, x);
      counts[group]++;
    }
    return Array.from(acc, (v, g) => (counts[g] ? v : null));
  };
}

const sum: GroupedReducer = (view, groupOfRow, groups) =>
  Array.from(sumsOf(view, groupOfRow, groups).sums);

const mean: GroupedReducer = (view, groupOfRow, groups) => {
  const { sums, counts } = sumsOf(view, groupOfRow, groups);
  return Array.from(sums, (s, g) => (counts[g] ? s / (counts[g] as number) : null));
};

const prod: GroupedReducer = (view, groupOfRow, groups, options) => {
  const products = fold(1, (p, x) => p * x)(view, groupOfRow, groups, options);
  // numpy's product of no numbers is 1, as REDUCERS.prod gives.
  return products.map((p) => p ?? 1);
};

/** count counts every cell but null (NaN and text too); count_nonzero numbers other than 0. */
function counter(nonzeroOnly: boolean): GroupedReducer {
  return ({ numbers, kinds }, groupOfRow, groups) => {
    const n = new Float64Array(groups);
    for (let row = 0; row < groupOfRow.length; row++) {
      const group = groupOfRow[row] as number;
      if (group < 0) continue;
      if (nonzeroOnly) {
        const x = numbers[row] as number;
        if (!Number.isNaN(x) && x !== 0) n[group]++;
      } else if (kinds === null || kinds[row] !== CELL_NULL) {
        n[group]++;
      }
    }
    return Array.from(n);
  };
}

/** Sample variance (ddof 1): mean first, then the squared deviations, as REDUCERS.var does. */
const variance: GroupedReducer = (view, groupOfRow, groups) => {
  const { sums, counts } = sumsOf(view, groupOfRow, groups);
  const means = sums.map((s, g) => s / (counts[g] as number));
  const squares = new Float64Array(groups);
  const { numbers } = view;
  for (let row = 0; row < groupOfRow.length; row++) {
    const group = groupOfRow[row] as number;
    const x = numbers[row] as number;
    if (group < 0 || Number.isNaN(x)) continue;
    squares[group] += (x - (means[group] as number)) ** 2;
  }
  return Array.from(squares, (s, g) => {
    const n = counts[g] as number;
    return n - 1 <= 0 ? null : s / (n - 1);
  });
};

const std: GroupedReducer = (view, groupOfRow, groups, options) =>
  variance(view, groupOfRow, groups, options).map((v) =>
    v === null ? null : Math.sqrt(v as number),
  );

/**
 * median and percentile: each group's numbers packed together and sorted in place (a native
 * sort of a typed array, not a comparator per pair). The only order it may change from
 * REDUCERS' is -0 against 0, which interpolation cannot tell apart: the result is the same.
 */
function quantiles(fraction: (options: Record<string, unknown>) => number): GroupedReducer {
  return ({ numbers }, groupOfRow, groups, options) => {
    const counts = rowCounts(groupOfRow, groups);
    // Options are checked only when a group has rows, as REDUCERS checks them when called.
    const q = counts.some((n) => n > 0) ? fraction(options) : 0;
    const offsets = new Int32Array(groups + 1);
    for (let row = 0; row < groupOfRow.length; row++) {
      const group = groupOfRow[row] as number;
      if (group >= 0 && !Number.isNaN(numbers[row])) offsets[group + 1]++;
    }
    for (let g = 0; g < groups; g++) offsets[g + 1] += offsets[g] as number;
    const packed = new Float64Array(offsets[groups] as number);
    const next = offsets.slice(0, groups);
    for (let row = 0; row < groupOfRow.length; row++) {
      const group = groupOfRow[row] as number;
      const x = numbers[row] as number;
      if (group >= 0 && !Number.isNaN(x)) packed[next[group]++] = x;
    }
    return Array.from({ length: groups }, (_, g) =>
      quantile(packed.subarray(offsets[g], offsets[g + 1]).sort(), q),
    );
  };
}

const GROUPED: Record<string, GroupedReducer> = {
  sum,
  nansum: sum,
  mean,
  average: mean,
  nanmean: mean,
  min: fold(Number.POSITIVE_INFINITY, Math.min),
  nanmin: fold(Number.POSITIVE_INFINITY, Math.min),
  max: fold(Number.NEGATIVE_INFINITY, Math.max),
  nanmax: fold(Number.NEGATIVE_INFINITY, Math.max),
  count: counter(false),
  count_nonzero: counter(true),
  prod,
  product: prod,
  var: variance,
  nanvar: variance,
  std,
  nanstd: std,
  median: quantiles(() => 0.5),
  nanmedian: quantiles(() => 0.5),
  percentile: quantiles(percentileFraction),
  nanpercentile: quantiles(percentileFraction),
};

/**
 * `operator` (a name of REDUCERS, already checked) over each group of `values`; null for a
 * group without rows, so callers can tell an empty group from a reduction that gave null.
 */
export function reduceGroups(
  operator: string,
  values: CellColumn,
  groupOfRow: Int32Array,
  groups: number,
  options: Record<string, unknown> = {},
  counts = rowCounts(groupOfRow, groups),
): Cell[] {
  const reduce = GROUPED[operator];
  // Every name of REDUCERS has its grouped form here (a test holds them equal).
  if (!reduce) throw new Error(`No grouped form of the operator ${operator}`);
  const results = reduce(numericView(values), groupOfRow, groups, options);
  return Array.from({ length: groups }, (_, g) => (counts[g] ? (results[g] as Cell) : null));
}
