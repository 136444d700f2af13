import type { GridData, SortDirection } from './types.ts';

/**
 * Sorting a million rows without freezing the page. The result is a permutation of
 * 0..numRows-1 in a typed array, computed once per sort, so the grid maps view rows to data rows
 * without ever reordering the data. The work is a generator that yields every few thousand steps;
 * `runTask` drives it in time slices between frames. NULLs go last in both directions and equal
 * keys keep their original order.
 *
 * Numbers (and dates, booleans, bigints) are radix-sorted on their IEEE-754 bits: four linear
 * passes instead of n·log n comparator calls. Text is merge-sorted over keys read once.
 */

const YIELD_EVERY = 32_768;
const RUN = 2048;

/** A number for values that order numerically, else null. */
function numericKey(value: unknown): number | null {
  switch (typeof value) {
    case 'number':
      return Number.isNaN(value) ? null : value;
    case 'bigint':
      return Number(value);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return value instanceof Date ? value.getTime() : null;
  }
}

/**
 * Stable LSD radix sort of `rows` by 64-bit keys (hi, lo), 16 bits per pass. Keys travel with
 * their rows so every pass reads memory in order (random access is what makes big sorts slow).
 */
function* radixSort(rows: Uint32Array, hi: Uint32Array, lo: Uint32Array): Generator<number> {
  const n = rows.length;
  let srcRows = rows;
  let srcHi = hi;
  let srcLo = lo;
  let dstRows: Uint32Array = new Uint32Array(n);
  let dstHi: Uint32Array = new Uint32Array(n);
  let dstLo: Uint32Array = new Uint32Array(n);
  const counts = new Uint32Array(65_536);
  for (let pass = 0; pass < 4; pass += 1) {
    const keys = pass < 2 ? srcLo : srcHi;
    const shift = (pass % 2) * 16;
    counts.fill(0);
    for (let i = 0; i < n; i += 1) counts[(keys[i] >>> shift) & 0xffff] += 1;
    let total = 0;
    for (let b = 0; b < 65_536; b += 1) {
      const c = counts[b];
      counts[b] = total;
      total += c;
    }
    for (let i = 0; i < n; i += 1) {
      const bucket = (keys[i] >>> shift) & 0xffff;
      const at = counts[bucket];
      counts[bucket] = at + 1;
      dstRows[at] = srcRows[i];
      dstHi[at] = srcHi[i];
      dstLo[at] = srcLo[i];
    }
    [srcRows, dstRows] = [dstRows, srcRows];
    [srcHi, dstHi] = [dstHi, srcHi];
    [srcLo, dstLo] = [dstLo, srcLo];
    yield pass;
  }
  // Four passes: the sorted rows are back in the array that came in.
  if (srcRows !== rows) rows.set(srcRows);
}

/** Bottom-up merge sort of `rows` by `compare`, in slices. */
function* mergeSort(
  rows: Uint32Array,
  compare: (a: number, b: number) => number,
): Generator<number> {
  const n = rows.length;
  for (let start = 0; start < n; start += RUN) {
    rows.subarray(start, Math.min(n, start + RUN)).sort(compare);
    if (start % YIELD_EVERY === 0) yield start;
  }
  let src = rows;
  let dst: Uint32Array = new Uint32Array(n);
  let work = 0;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (compare(src[j], src[i]) < 0) dst[k++] = src[j++];
        else dst[k++] = src[i++];
        work += 1;
        if (work % YIELD_EVERY === 0) yield work;
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  if (src !== rows) rows.set(src);
}

/** Keys of a numeric column as order-preserving bits, or null once a value is not a number. */
function* numericKeys(
  data: GridData,
  column: number,
  direction: SortDirection,
): Generator<
  number,
  { rows: Uint32Array; nulls: Uint32Array; hi: Uint32Array; lo: Uint32Array } | null
> {
  const n = data.numRows;
  const rows = new Uint32Array(n);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const nullRows: number[] = [];
  const float = new Float64Array(1);
  const words = new Uint32Array(float.buffer);
  const invert = direction === 'desc' ? 0xffffffff : 0;
  let count = 0;
  for (let row = 0; row < n; row += 1) {
    const value = data.value(row, column);
    if (value === null || value === undefined) {
      nullRows.push(row);
    } else {
      const key = numericKey(value);
      if (key === null) return null;
      // Negatives flip all bits, others the sign bit: unsigned order then matches numeric order.
      float[0] = key;
      const negative = words[1] >>> 31 === 1;
      rows[count] = row;
      hi[count] = ((negative ? ~words[1] : words[1] | 0x80000000) ^ invert) >>> 0;
      lo[count] = ((negative ? ~words[0] : words[0]) ^ invert) >>> 0;
      count += 1;
    }
    if (row % YIELD_EVERY === 0) yield row;
  }
  return {
    rows: rows.subarray(0, count),
    nulls: Uint32Array.from(nullRows),
    hi: hi.subarray(0, count),
    lo: lo.subarray(0, count),
  };
}

export function* sortPermutationTask(
  data: GridData,
  column: number,
  direction: SortDirection,
): Generator<number, Uint32Array> {
  const n = data.numRows;
  const result = new Uint32Array(n);
  const kind = data.columns[column]?.kind;
  const keyed =
    kind === 'number' || kind === 'temporal' || kind === 'boolean'
      ? yield* numericKeys(data, column, direction)
      : null;
  if (keyed) {
    yield* radixSort(keyed.rows, keyed.hi, keyed.lo);
    result.set(keyed.rows, 0);
    result.set(keyed.nulls, keyed.rows.length);
    return result;
  }

  // Text (or mixed values): keys read once, then a stable merge sort.
  const texts: (string | null)[] = new Array(n);
  let nullCount = 0;
  for (let row = 0; row < n; row += 1) {
    const text = data.text(row, column);
    texts[row] = text;
    if (text === null) nullCount += 1;
    if (row % YIELD_EVERY === 0) yield row;
  }
  const present = new Uint32Array(n - nullCount);
  for (let row = 0, p = 0, q = present.length; row < n; row += 1) {
    if (texts[row] === null) result[q++] = row;
    else present[p++] = row;
  }
  const sign = direction === 'asc' ? 1 : -1;
  yield* mergeSort(present, (a, b) => {
    const left = texts[a] as string;
    const right = texts[b] as string;
    if (left === right) return a - b;
    return (left < right ? -1 : 1) * sign;
  });
  result.set(present, 0);
  return result;
}

/** The whole sort at once (tests, small data). */
export function sortPermutation(
  data: GridData,
  column: number,
  direction: SortDirection,
): Uint32Array {
  const task = sortPermutationTask(data, column, direction);
  for (;;) {
    const step = task.next();
    if (step.done) return step.value;
  }
}
