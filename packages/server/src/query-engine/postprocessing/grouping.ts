import type { Cell, CellColumn } from './frame.ts';
import { NumberColumn } from './numberColumn.ts';
import { compareKeys } from './stats.ts';

/**
 * Rows grouped by the values of key columns, as pandas' groupby sees them: NaN is missing like
 * null, groups come in sorted key order (ties in order of first appearance). Keys are encoded
 * once per column into integer codes, so grouping 1M rows costs a few Map lookups per row
 * rather than a key string and an object per row.
 */
export interface Grouping {
  /** Each group's key values, in sorted group order. */
  keys: Cell[][];
  /** Each row's group (its position in `keys`), or -1 for a row left out. */
  groupOfRow: Int32Array;
}

export interface GroupingOptions {
  /** Leave out rows with a missing key (pandas' `dropna=True`, as aggregate and pivot do). */
  dropMissing?: boolean;
  /** Stands in for a missing key cell (pivot's `column_fill_value`). */
  missingAs?: Cell;
}

const isMissing = (value: Cell | undefined): boolean =>
  value === null || value === undefined || Number.isNaN(value);

interface Encoded {
  codes: Int32Array;
  /** The row where each code first appears. */
  firstRows: number[];
}

/** Codes for key values, numbered in order of first appearance. */
class KeyCodes {
  readonly firstRows: number[] = [];
  private readonly seen = new Map<Cell, number>();

  codeOf(key: Cell, row: number): number {
    let code = this.seen.get(key);
    if (code === undefined) {
      code = this.firstRows.length;
      this.seen.set(key, code);
      this.firstRows.push(row);
    }
    return code;
  }
}

/**
 * A column as integer codes. Results arrive ordered or grouped more often than not: a row
 * equal to the one before takes its code without a Map lookup.
 */
function encode(values: CellColumn, rows: number, missingAs: Cell): Encoded {
  if (values instanceof NumberColumn) return encodeNumbers(values, rows, missingAs);
  const cells = values as ReadonlyArray<Cell>;
  const codes = new Int32Array(rows);
  const keys = new KeyCodes();
  // The previous number is kept apart from other previous values so that it stays an unboxed
  // double: comparing each row's number with a variable that may hold text would box it.
  let previousNumber = Number.NaN;
  let previousOther: Cell | undefined | typeof encode = encode;
  let previousCode = -1;
  for (let row = 0; row < rows; row++) {
    const value = cells.at(row);
    if (typeof value === 'number') {
      if (value !== previousNumber) {
        previousNumber = value;
        previousOther = encode;
        previousCode = keys.codeOf(Number.isNaN(value) ? missingAs : value, row);
      }
    } else if (value !== previousOther) {
      previousOther = value;
      previousNumber = Number.NaN;
      previousCode = keys.codeOf(isMissing(value) ? missingAs : (value as Cell), row);
    }
    codes[row] = previousCode;
  }
  return { codes, firstRows: keys.firstRows };
}

/** `encode` for typed columns, read from their arrays (see `numericView` for why). */
function encodeNumbers(column: NumberColumn, rows: number, missingAs: Cell): Encoded {
  const { values, missing } = column;
  const codes = new Int32Array(rows);
  const keys = new KeyCodes();
  let previous = Number.NaN;
  let previousMissing = false;
  let previousCode = -1;
  for (let row = 0; row < rows; row++) {
    const isNull = missing !== null && missing[row] === 1;
    const value = values[row] as number;
    if (row === 0 || isNull !== previousMissing || (!isNull && !Object.is(value, previous))) {
      previous = value;
      previousMissing = isNull;
      previousCode = keys.codeOf(isNull || Number.isNaN(value) ? missingAs : value, row);
    }
    codes[row] = previousCode;
  }
  return { codes, firstRows: keys.firstRows };
}

/**
 * Pairs of codes as one code, numbered in order of first appearance. A dense table serves
 * small products; a Map the rest (keyed by number while the product stays an exact integer).
 */
function combine(
  left: Int32Array,
  leftCount: number,
  right: Int32Array,
  rightCount: number,
): Encoded {
  const rows = left.length;
  const codes = new Int32Array(rows);
  const firstRows: number[] = [];
  const product = leftCount * rightCount;
  if (product <= Math.max(1 << 16, rows)) {
    const slots = new Int32Array(product).fill(-1);
    for (let row = 0; row < rows; row++) {
      const slot = (left[row] as number) * rightCount + (right[row] as number);
      let code = slots[slot] as number;
      if (code < 0) {
        code = firstRows.length;
        slots[slot] = code;
        firstRows.push(row);
      }
      codes[row] = code;
    }
    return { codes, firstRows };
  }
  const exact = Number.isSafeInteger(product);
  const seen = new Map<number | string, number>();
  for (let row = 0; row < rows; row++) {
    const l = left[row] as number;
    const r = right[row] as number;
    const slot = exact ? l * rightCount + r : `${l},${r}`;
    let code = seen.get(slot);
    if (code === undefined) {
      code = firstRows.length;
      seen.set(slot, code);
      firstRows.push(row);
    }
    codes[row] = code;
  }
  return { codes, firstRows };
}

export function groupRows(
  keyColumns: ReadonlyArray<CellColumn>,
  rows: number,
  { dropMissing = false, missingAs = null }: GroupingOptions = {},
): Grouping {
  const encoded = keyColumns.map((values) => encode(values, rows, missingAs));
  const cellAt = (column: number, row: number): Cell => {
    const value = (keyColumns[column] as CellColumn).at(row);
    return isMissing(value) ? missingAs : (value as Cell);
  };
  // No key columns: every row in one group, as pandas groups by an empty key.
  let combined: Encoded = { codes: new Int32Array(rows), firstRows: rows > 0 ? [0] : [] };
  encoded.forEach((column, i) => {
    combined =
      i === 0
        ? column
        : combine(combined.codes, combined.firstRows.length, column.codes, column.firstRows.length);
  });
  const { codes, firstRows } = combined;
  const unsortedKeys = firstRows.map((row) => keyColumns.map((_, column) => cellAt(column, row)));
  // Array sort is stable: keys that compare equal stay in order of first appearance.
  const order = unsortedKeys.map((_, code) => code);
  order.sort((a, b) => compareKeys(unsortedKeys[a] as Cell[], unsortedKeys[b] as Cell[]));
  const kept = order.filter(
    (code) => !dropMissing || (unsortedKeys[code] as Cell[]).every((v) => v !== null),
  );
  const position = new Int32Array(firstRows.length).fill(-1);
  kept.forEach((code, at) => {
    position[code] = at;
  });
  // The codes are this function's own (a new array even with no key column): renumbered in
  // place, unless first appearance was already the sorted order (as for ordered results).
  const renumber = kept.length !== firstRows.length || kept.some((code, at) => code !== at);
  if (renumber) {
    for (let row = 0; row < rows; row++) codes[row] = position[codes[row] as number] as number;
  }
  return { keys: kept.map((code) => unsortedKeys[code] as Cell[]), groupOfRow: codes };
}

/** Each group's rows in row order, packed: rows of group g are rows[offsets[g]..offsets[g+1]). */
export interface GroupRows {
  offsets: Int32Array;
  rows: Int32Array;
}

export function rowsByGroup(groupOfRow: Int32Array, groups: number): GroupRows {
  const offsets = new Int32Array(groups + 1);
  for (const group of groupOfRow) if (group >= 0) offsets[group + 1]++;
  for (let g = 0; g < groups; g++) offsets[g + 1] += offsets[g] as number;
  const next = offsets.slice(0, groups);
  const rows = new Int32Array(offsets[groups] as number);
  groupOfRow.forEach((group, row) => {
    if (group >= 0) rows[next[group]++] = row;
  });
  return { offsets, rows };
}

/** The rows of one group (a view into `GroupRows`). */
export function rowsOfGroup({ offsets, rows }: GroupRows, group: number): Int32Array {
  return rows.subarray(offsets[group], offsets[group + 1]);
}
