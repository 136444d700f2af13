import type { GridData } from './types.ts';

/**
 * Filtering a large result without freezing the page: the scan walks the rows in view order a
 * slice at a time (`step` stops when its time budget is spent), keeping the matches in a growing
 * typed array so the grid can show what has matched so far.
 */
export interface FilterScan {
  /** Scans until `shouldYield()` says stop or the rows run out; true when finished. */
  step(shouldYield: () => boolean): boolean;
  /** View-ordered data rows matched so far. */
  matches(): Uint32Array;
  /** Rows scanned so far, out of `total`. */
  readonly scanned: number;
  readonly total: number;
  readonly done: boolean;
}

const CHECK_EVERY = 512;

/** Case-insensitive substring match of `needle` in the text of any of `columns`. */
export function createFilterScan(
  data: GridData,
  order: Uint32Array | null,
  needle: string,
  columns: readonly number[],
): FilterScan {
  const total = order ? order.length : data.numRows;
  const wanted = needle.toLowerCase();
  // Digits, dates and punctuation have no case: skip lowercasing every cell for them.
  const caseless = wanted === needle.toUpperCase();
  let buffer = new Uint32Array(Math.min(total, 4096) || 1);
  let count = 0;
  let position = 0;

  const matchesRow = (row: number) => {
    for (const column of columns) {
      const text = data.text(row, column);
      if (text === null) continue;
      if ((caseless ? text : text.toLowerCase()).includes(wanted)) return true;
    }
    return false;
  };

  return {
    get scanned() {
      return position;
    },
    total,
    get done() {
      return position >= total;
    },
    step(shouldYield) {
      while (position < total) {
        const end = Math.min(total, position + CHECK_EVERY);
        for (; position < end; position += 1) {
          const row = order ? order[position] : position;
          if (!matchesRow(row)) continue;
          if (count === buffer.length) {
            const grown = new Uint32Array(Math.min(total, buffer.length * 2));
            grown.set(buffer);
            buffer = grown;
          }
          buffer[count] = row;
          count += 1;
        }
        if (position < total && shouldYield()) return false;
      }
      return true;
    },
    matches: () => buffer.subarray(0, count),
  };
}

/** The whole scan at once (tests, small data). */
export function filterRows(
  data: GridData,
  order: Uint32Array | null,
  needle: string,
  columns: readonly number[],
): Uint32Array {
  const scan = createFilterScan(data, order, needle, columns);
  scan.step(() => false);
  return scan.matches();
}
