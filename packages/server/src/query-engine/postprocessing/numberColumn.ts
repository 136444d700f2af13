import type { Cell, CellColumn } from './frame.ts';

/**
 * A column of numbers with missing cells, held in typed arrays: 9 bytes a row, where an array
 * of cells holding nulls costs a pointer and a boxed number per row (about 24 bytes) and one
 * allocation per number while it is filled. Numeric Arrow columns are read into these, and
 * operations that compute whole numeric columns (rolling, cum, diff, compare, contribution)
 * answer with them; arquero takes any column with `length`, `at` and an iterator, so the rest
 * of the server reads them like arrays.
 */
export class NumberColumn {
  readonly length: number;

  /**
   * @param values each cell's number; NaN where the cell is null (and where it is NaN)
   * @param missing 1 where the cell is null; null when no cell is
   */
  constructor(
    readonly values: Float64Array,
    readonly missing: Uint8Array | null = null,
  ) {
    this.length = values.length;
  }

  at(row: number): number | null | undefined {
    const at = row < 0 ? row + this.length : row;
    if (at < 0 || at >= this.length) return undefined;
    return this.missing?.[at] ? null : (this.values[at] as number);
  }

  *[Symbol.iterator](): Iterator<number | null> {
    for (let row = 0; row < this.length; row++) yield this.at(row) as number | null;
  }

  slice(from: number): NumberColumn {
    return new NumberColumn(this.values.slice(from), this.missing?.slice(from) ?? null);
  }
}

/** Fills a column row by row: `set` each row to a number or null, then `build`. */
export class NumberColumnBuilder {
  private readonly values: Float64Array;
  private readonly missing: Uint8Array;
  private anyMissing = false;

  constructor(length: number) {
    this.values = new Float64Array(length);
    this.missing = new Uint8Array(length);
  }

  set(row: number, value: number | null): void {
    if (value === null) {
      this.values[row] = Number.NaN;
      this.missing[row] = 1;
      this.anyMissing = true;
    } else {
      this.values[row] = value;
    }
  }

  build(): NumberColumn {
    return new NumberColumn(this.values, this.anyMissing ? this.missing : null);
  }
}

/** What a cell of a `NumericView` holds besides a number. */
export const CELL_NUMBER = 0;
export const CELL_NULL = 1;
export const CELL_OTHER = 2;

/**
 * A column read as numbers: each cell's number, NaN where it holds none (null, text, boolean,
 * NaN), which is what every numeric operation skips; and, for `count`, what each cell holds.
 *
 * Numeric loops read these typed arrays, never cells: reading cells through `at` from a place
 * that sees both arrays and `NumberColumn`s boxes each number it returns (one allocation per
 * row), which on 1M rows costs more than the work itself. For the same reason the loops test
 * `Number.isNaN` in place rather than call a helper imported from another module.
 */
export interface NumericView {
  numbers: Float64Array;
  /** Per row CELL_NUMBER, CELL_NULL or CELL_OTHER; null when every cell is a number. */
  kinds: Uint8Array | null;
}

/** The numbers of an array of cells (one pass; only arrays reach this read, so it stays fast). */
function arrayView(cells: ReadonlyArray<Cell>): NumericView {
  const rows = cells.length;
  const numbers = new Float64Array(rows);
  let kinds: Uint8Array | null = null;
  for (let row = 0; row < rows; row++) {
    const x = cells.at(row);
    if (typeof x === 'number') {
      numbers[row] = x;
      continue;
    }
    numbers[row] = Number.NaN;
    kinds ??= new Uint8Array(rows);
    kinds[row] = x === null || x === undefined ? CELL_NULL : CELL_OTHER;
  }
  return { numbers, kinds };
}

export function numericView(column: CellColumn): NumericView {
  if (column instanceof NumberColumn) return { numbers: column.values, kinds: column.missing };
  return arrayView(column as ReadonlyArray<Cell>);
}
