import type { Cell, CellColumn } from './frame.ts';
import { NumberColumn } from './numberColumn.ts';

/**
 * The row order of `sort`, the one arquero's `orderby` gives (ascending puts null first, then
 * NaN, then values by `<`; descending is the exact reverse; ties keep their row order), found
 * without calling a comparator 20M times on a 1M-row frame: each sort column becomes the rank
 * of its value among the column's distinct values, the ranks one number per row, and a native
 * numeric sort orders those numbers.
 *
 * A column that mixes kinds (numbers and text, say) has no such ranking, since `<` between
 * kinds is not an order: `sortedRows` answers null and the caller sorts with arquero.
 */

type Kind = 'number' | 'string' | 'boolean';

interface Ranked {
  ranks: Float64Array;
  count: number;
}

/** Each row's rank within its column, and how many ranks there are; null for mixed kinds. */
function ranksOf(values: CellColumn, ascending: boolean): Ranked | null {
  const rows = values.length;
  const codes = new Int32Array(rows);
  const distinct: Cell[] = [];
  const seen = new Map<Cell, number>();
  let kind: Kind | null = null;
  // Typed columns are read from their arrays (see `numericView` for why).
  const read =
    values instanceof NumberColumn
      ? (row: number) => (values.missing?.[row] ? null : (values.values[row] as number))
      : (row: number) => (values as ReadonlyArray<Cell>).at(row) ?? null;
  for (let row = 0; row < rows; row++) {
    const value = read(row);
    let code = seen.get(value);
    if (code === undefined) {
      if (value !== null) {
        const valueKind = typeof value as Kind;
        if (kind !== null && kind !== valueKind) return null;
        kind = valueKind;
      }
      code = distinct.length;
      seen.set(value, code);
      distinct.push(value);
    }
    codes[row] = code;
  }
  const order = distinct.map((_, code) => code);
  order.sort((a, b) => {
    const u = distinct[a] as Cell;
    const v = distinct[b] as Cell;
    if (u === null || v === null) return u === null ? -1 : 1;
    if (Number.isNaN(u) || Number.isNaN(v)) return Number.isNaN(u) ? -1 : 1;
    return u < v ? -1 : 1;
  });
  const rankOfCode = new Int32Array(distinct.length);
  order.forEach((code, rank) => {
    rankOfCode[code] = ascending ? rank : distinct.length - 1 - rank;
  });
  const ranks = new Float64Array(rows);
  for (let row = 0; row < rows; row++) ranks[row] = rankOfCode[codes[row] as number] as number;
  return { ranks, count: distinct.length };
}

export function sortedRows(keys: Array<[CellColumn, boolean]>, rows: number): Int32Array | null {
  const ranked: Ranked[] = [];
  for (const [values, ascending] of keys) {
    const column = ranksOf(values, ascending);
    if (!column) return null;
    ranked.push(column);
  }
  const order = new Int32Array(rows);
  const combinations = ranked.reduce((product, { count }) => product * count, 1);
  const keyOf = (row: number) => {
    let key = 0;
    for (const { ranks, count } of ranked) key = key * count + (ranks[row] as number);
    return key;
  };
  if (combinations <= Math.max(rows, 1 << 16)) {
    // Few distinct keys: a counting sort, which keeps rows of one key in row order.
    const keys = new Int32Array(rows);
    const starts = new Int32Array(combinations + 1);
    for (let row = 0; row < rows; row++) {
      keys[row] = keyOf(row);
      starts[(keys[row] as number) + 1]++;
    }
    for (let key = 0; key < combinations; key++) starts[key + 1] += starts[key] as number;
    for (let row = 0; row < rows; row++) order[starts[keys[row] as number]++] = row;
    return order;
  }
  if (combinations * rows <= Number.MAX_SAFE_INTEGER) {
    // One exact integer per row, key * rows + row: a native sort of these numbers orders by
    // the key, ties by row.
    const packed = new Float64Array(rows);
    for (let row = 0; row < rows; row++) packed[row] = keyOf(row) * rows + row;
    packed.sort();
    for (let at = 0; at < rows; at++) order[at] = (packed[at] as number) % rows;
    return order;
  }
  for (let row = 0; row < rows; row++) order[row] = row;
  order.sort((a, b) => {
    for (const { ranks } of ranked) {
      const d = (ranks[a] as number) - (ranks[b] as number);
      if (d !== 0) return d;
    }
    return a - b;
  });
  return order;
}

/**
 * A column's cells in the given row order. Columns of numbers (and nulls) come back as a
 * `NumberColumn`: on 1M rows, filling a new array of boxed numbers costs several times more
 * than the typed arrays, in time and in garbage.
 */
export function reorder(values: CellColumn, order: Int32Array): CellColumn {
  const rows = order.length;
  if (values instanceof NumberColumn) {
    const numbers = new Float64Array(rows);
    const missing = values.missing ? new Uint8Array(rows) : null;
    for (let at = 0; at < rows; at++) {
      const row = order[at] as number;
      numbers[at] = values.values[row] as number;
      if (missing) missing[at] = values.missing?.[row] as number;
    }
    return new NumberColumn(numbers, missing);
  }
  const cells = values as ReadonlyArray<Cell>;
  const numbers = new Float64Array(rows);
  const missing = new Uint8Array(rows);
  let anyMissing = false;
  let at = 0;
  for (; at < rows; at++) {
    const x = cells.at(order[at] as number);
    if (typeof x === 'number') numbers[at] = x;
    else if (x === null) {
      numbers[at] = Number.NaN;
      missing[at] = 1;
      anyMissing = true;
    } else break;
  }
  if (at === rows) return new NumberColumn(numbers, anyMissing ? missing : null);
  const out = new Array<Cell>(rows);
  for (at = 0; at < rows; at++) out[at] = cells.at(order[at] as number) as Cell;
  return out;
}
